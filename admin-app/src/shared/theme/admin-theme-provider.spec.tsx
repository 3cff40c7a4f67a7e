import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { prepareJsdomForAntd } from '../testing/antd-in-jsdom';
import { AdminThemeProvider } from './admin-theme-provider';

beforeAll(prepareJsdomForAntd);

function deviceAsksForLessMotion(reduce: boolean) {
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...matchMedia(query),
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = matchMedia;
  };
}

/** antd's own switch for the zoom and fade of its dialogs, drawers, menus and tooltips. */
function AntdMotion() {
  const { token } = theme.useToken();
  return <p>{token.motion ? 'motion on' : 'motion off'}</p>;
}

function motionInStaffArea(reduce: boolean): string {
  const restore = deviceAsksForLessMotion(reduce);
  try {
    render(
      <AdminThemeProvider>
        <AntdMotion />
      </AdminThemeProvider>,
    );
    return screen.getByText(/^motion/).textContent ?? '';
  } finally {
    restore();
  }
}

describe('the staff area and motion', () => {
  it("keeps antd's dialogs zooming in when the device does not ask for less motion", () => {
    expect(motionInStaffArea(false)).toBe('motion on');
  });

  it("turns antd's zoom and fade off when the device asks for less motion", () => {
    expect(motionInStaffArea(true)).toBe('motion off');
  });
});
