import { act, fireEvent, render, screen } from '@testing-library/react';
import { prepareJsdomForAntd } from '../testing/antd-in-jsdom';
import { AdminThemeProvider } from '../theme/admin-theme-provider';
import { StaffTooltip } from './staff-tooltip';

beforeAll(prepareJsdomForAntd);
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function renderTooltips() {
  render(
    <AdminThemeProvider>
      <StaffTooltip title="Order 3f2a9c1e-full-id">
        <button>First</button>
      </StaffTooltip>
      <StaffTooltip title="Order a1b2c3d4-full-id">
        <button>Second</button>
      </StaffTooltip>
    </AdminThemeProvider>,
  );
}

const wait = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

/** Whether the tooltip with this text is open (shown, not on its way out). */
const isOpen = (text: string) => {
  const tooltip = screen.queryByText(text)?.closest('.ant-tooltip');
  return !!tooltip && !tooltip.classList.contains('ant-tooltip-hidden');
};

describe('staff tooltips', () => {
  it('open after 700 ms of hovering', async () => {
    renderTooltips();
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'First' }));
    await wait(600);
    expect(isOpen('Order 3f2a9c1e-full-id')).toBe(false);
    await wait(200);
    expect(isOpen('Order 3f2a9c1e-full-id')).toBe(true);
  });

  it('open the next one at once within 300 ms of the last closing, and wait again after that', async () => {
    renderTooltips();
    const first = screen.getByRole('button', { name: 'First' });
    const second = screen.getByRole('button', { name: 'Second' });
    fireEvent.mouseEnter(first);
    await wait(800);
    expect(isOpen('Order 3f2a9c1e-full-id')).toBe(true);

    fireEvent.mouseLeave(first);
    await wait(150);
    expect(isOpen('Order 3f2a9c1e-full-id')).toBe(false);
    fireEvent.mouseEnter(second);
    await wait(50);
    expect(isOpen('Order a1b2c3d4-full-id')).toBe(true);

    fireEvent.mouseLeave(second);
    await wait(1_000);
    fireEvent.mouseEnter(first);
    await wait(600);
    expect(isOpen('Order 3f2a9c1e-full-id')).toBe(false);
    await wait(200);
    expect(isOpen('Order 3f2a9c1e-full-id')).toBe(true);
  });
});
