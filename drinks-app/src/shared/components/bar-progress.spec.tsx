import { screen } from '@testing-library/react';
import { renderInLanguage } from '#shared/testing/render-in-language.tsx';
import { BarProgress } from './bar-progress';

describe('BarProgress', () => {
  afterEach(() => Reflect.deleteProperty(navigator, 'vibrate'));

  it('tells the guest where the order is, and buzzes the phone once when it becomes ready', () => {
    const vibrate = jest.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const { rerender } = renderInLanguage(<BarProgress status="new" />, { path: null });
    expect(screen.getByRole('status').textContent).toContain('Being made');
    expect(vibrate).not.toHaveBeenCalled();

    rerender(<BarProgress status="ready" />);
    expect(screen.getByRole('status').textContent).toContain('Ready at the bar');
    rerender(<BarProgress status="ready" />);
    expect(vibrate).toHaveBeenCalledTimes(1);

    rerender(<BarProgress status="served" />);
    expect(screen.getByRole('status').textContent).toContain('Served');
  });
});
