import './bar-progress.css';
import { useEffect, useRef } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { BarOrderStatus } from '@festival/contracts';

/** What the guest reads at each of the bar's steps (translated where shown: `i18n._(…)`). */
export const GUEST_BAR_STATUS: Record<BarOrderStatus, MessageDescriptor> = {
  new: msg({ message: 'Being made', comment: 'Status of a drinks order: the bar is preparing it.' }),
  ready: msg({ message: 'Ready at the bar', comment: 'Status of a drinks order: the guest can pick it up at the bar counter.' }),
  served: msg({ message: 'Served', comment: 'Status of a drinks order: handed over to the guest.' }),
};

const DETAIL: Record<BarOrderStatus, MessageDescriptor> = {
  new: msg`The bar is making your drinks. This page tells you when they are ready.`,
  ready: msg`Your drinks are on the counter: show this order number at the bar.`,
  served: msg`Enjoy your drinks!`,
};

/** The order's place at the bar, announced to screen readers as it changes; the phone buzzes once when it is ready. */
export function BarProgress({ status }: { status: BarOrderStatus }) {
  const { i18n } = useLingui();
  const previous = useRef(status);
  useEffect(() => {
    if (status === 'ready' && previous.current === 'new') navigator.vibrate?.(200);
    previous.current = status;
  }, [status]);
  return (
    <div className={`bar-progress bar-progress--${status}`} role="status" aria-live="polite" data-testid="bar-status">
      <strong>{i18n._(GUEST_BAR_STATUS[status])}</strong>
      <span>{i18n._(DETAIL[status])}</span>
    </div>
  );
}
