import { act, fireEvent, render, screen } from '@testing-library/react';
import { prepareJsdomForAntd } from '../testing/antd-in-jsdom';
import { AdminThemeProvider } from '../theme/admin-theme-provider';
import { useToast } from './use-toast';

/** jsdom has no PointerEvent: a mouse event with a pointer id stands in for it. */
class PointerEventShim extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

beforeAll(() => {
  prepareJsdomForAntd();
  window.PointerEvent ??= PointerEventShim as unknown as typeof PointerEvent;
});

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('Campaign created', 'Saved as a draft.')}>Create</button>
      <button onClick={() => toast.error('Error', 'Failed to send campaign')}>Send</button>
    </>
  );
}

function renderToasts() {
  render(
    <AdminThemeProvider>
      <Buttons />
    </AdminThemeProvider>,
  );
}

/** The toast whose title is `title`, or null. */
const toastTitled = (title: string) => screen.queryByText(title)?.closest<HTMLElement>('.ant-notification-notice') ?? null;

/** Drags the toast right by `distance` pixels with a pointer, and lets go. */
function swipe(notice: HTMLElement, distance: number) {
  fireEvent.pointerDown(notice, { pointerId: 1, button: 0, clientX: 100 });
  fireEvent.pointerMove(notice, { pointerId: 1, clientX: 100 + distance / 2 });
  fireEvent.pointerMove(notice, { pointerId: 1, clientX: 100 + distance });
  fireEvent.pointerUp(notice, { pointerId: 1, clientX: 100 + distance });
}

describe('staff toasts', () => {
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time: a new one replaces the one shown', async () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Campaign created')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send campaign')).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expect(toastTitled('Campaign created')).toBeNull();
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(1);
  });

  it('goes away after 5 seconds', async () => {
    jest.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4_900);
    });
    expect(toastTitled('Campaign created')).not.toBeNull();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(toastTitled('Campaign created')).toBeNull();
  });

  it('is dismissed when swiped right by more than 50 px, and stays after a shorter swipe', async () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Campaign created');
    const notice = toastTitled('Campaign created')!;

    swipe(notice, 40);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expect(toastTitled('Campaign created')).toBe(notice);
    // It sprang back.
    expect(notice.style.transform).toBe('');

    swipe(notice, 60);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expect(toastTitled('Campaign created')).toBeNull();
  });

  it('moves the focus to the notification region on F8, where the toast is', async () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Campaign created');
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(document.activeElement).not.toBe(region);
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(region);
    expect(region.contains(toastTitled('Campaign created'))).toBe(true);
  });
});
