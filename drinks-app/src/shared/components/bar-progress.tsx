import './bar-progress.css';
import { useEffect, useRef } from 'react';
import type { BarOrderStatus } from '@festival/contracts';

/** What the guest reads at each of the bar's steps. */
export const GUEST_BAR_STATUS: Record<BarOrderStatus, string> = { new: 'Being made', ready: 'Ready at the bar', served: 'Served' };

const DETAIL: Record<BarOrderStatus, string> = {
  new: 'The bar is making your drinks. This page tells you when they are ready.',
  ready: 'Your drinks are on the counter: show this order number at the bar.',
  served: 'Enjoy your drinks!',
};

/** The order's place at the bar, announced to screen readers as it changes; the phone buzzes once when it is ready. */
export function BarProgress({ status }: { status: BarOrderStatus }) {
  const previous = useRef(status);
  useEffect(() => {
    if (status === 'ready' && previous.current === 'new') navigator.vibrate?.(200);
    previous.current = status;
  }, [status]);
  return (
    <div className={`bar-progress bar-progress--${status}`} role="status" aria-live="polite" data-testid="bar-status">
      <strong>{GUEST_BAR_STATUS[status]}</strong>
      <span>{DETAIL[status]}</span>
    </div>
  );
}
