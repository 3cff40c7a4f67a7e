import { refundShareCents, type PartyOrderDetails, type PartyOrderTimelineKind } from '@festival/contracts';

/** What each step of an order's timeline is called. */
export const TIMELINE_LABELS: Record<PartyOrderTimelineKind, string> = {
  created: 'Created',
  paid: 'Paid',
  'email.sent': 'E-mail sent',
  'email.failed': 'E-mail failed',
  'email.resent': 'E-mail sent again',
  'checked-in': 'Checked in',
  refunded: 'Refunded',
  'refund.failed': 'Refund refused',
  cancelled: 'Cancelled',
  edited: 'Edited',
  disputed: 'Disputed',
  'dispute.won': 'Dispute won',
  'dispute.lost': 'Dispute lost',
};

/**
 * What refunding `adults` and `children` more of the order returns, as the server computes it
 * (docs/refunds.md): the last tickets take exactly what is left.
 */
export function refundPreviewCents(order: PartyOrderDetails, adults: number, children: number): number {
  const open = order.refunds.filter((r) => r.status !== 'failed');
  const before = {
    adults: open.reduce((sum, r) => sum + r.adults, 0),
    children: open.reduce((sum, r) => sum + r.children, 0),
  };
  const centsLeft = order.totalCents - open.reduce((sum, r) => sum + r.amountCents, 0);
  if (adults === order.validAdults && children === order.validChildren) return centsLeft;
  return Math.min(centsLeft, refundShareCents(order, before, { adults, children }));
}

/** A fresh idempotency key for one refund. */
export const newRefundKey = (): string => crypto.randomUUID();
