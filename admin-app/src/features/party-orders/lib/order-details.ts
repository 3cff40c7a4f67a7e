import { formatCents, refundShareCents, type PartyOrderDetails, type PartyOrderTimelineKind } from '@festival/contracts';

/** Tickets of other types chosen for a refund: how many of each line, by type id. */
export type RefundItems = Readonly<Record<number, number>>;

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

/** One of the order's lines as its details list it: `VIP Table × 1 — $400.00, admits 8`. */
export function orderLineText(line: PartyOrderDetails['lines'][number]): string {
  return `${line.name} × ${line.quantity} — ${formatCents(line.quantity * line.unitPriceCents)}, admits ${line.quantity * line.seats}`;
}

/** The refund request's `items`: the lines with a count chosen, in the order's order. */
export function refundItemsOf(order: PartyOrderDetails, items: RefundItems): { typeId: number; quantity: number }[] {
  return order.lines.map((line) => ({ typeId: line.typeId, quantity: items[line.typeId] ?? 0 })).filter((item) => item.quantity > 0);
}

/**
 * What refunding `adults`, `children` and `items` more of the order returns, as the server
 * computes it (docs/refunds.md): the last tickets take exactly what is left.
 */
export function refundPreviewCents(order: PartyOrderDetails, adults: number, children: number, items: RefundItems = {}): number {
  const open = order.refunds.filter((r) => r.status !== 'failed');
  const before = {
    adults: open.reduce((sum, r) => sum + r.adults, 0),
    children: open.reduce((sum, r) => sum + r.children, 0),
    items: open.flatMap((r) => r.items),
  };
  const centsLeft = order.totalCents - open.reduce((sum, r) => sum + r.amountCents, 0);
  const everyLine = order.lines.every((line) => (items[line.typeId] ?? 0) === line.valid);
  if (adults === order.validAdults && children === order.validChildren && everyLine) return centsLeft;
  return Math.min(centsLeft, refundShareCents(order, before, { adults, children, items: refundItemsOf(order, items) }));
}

/** A fresh idempotency key for one refund. */
export const newRefundKey = (): string => crypto.randomUUID();
