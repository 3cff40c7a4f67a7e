import { ADMIN_DRINK_ORDER_STATUS_LABELS, type DrinkOrderDetails, type DrinkTabStatus, type DrinkTimelineKind } from '@festival/contracts';

/** What each step of a drinks order's or a tab's timeline is called. */
export const DRINK_TIMELINE_LABELS: Record<DrinkTimelineKind, string> = {
  created: 'Created',
  paid: 'Paid',
  'tab.order': 'Put on the tab',
  ready: 'Ready at the bar',
  served: 'Served',
  refunded: 'Refunded',
  'tab.opened': 'Tab opened',
  'tab.limit': 'Limit raised',
  'tab.charged': 'Closed and charged',
  'tab.charge-failed': 'Charge refused',
  'tab.settled': 'Settled at the bar',
  disputed: 'Disputed',
  'dispute.won': 'Dispute won',
  'dispute.lost': 'Dispute lost',
};

export const TAB_STATUS_LABELS: Record<DrinkTabStatus, string> = {
  pending: 'Card not saved yet',
  open: 'Open',
  closing: 'Closing',
  closed: 'Closed',
  settled: 'Settled at the bar',
};

/** A drinks order's status in words (an unpaid one never reaches the table, but its details may be asked). */
export function drinkOrderStatusLabel(status: DrinkOrderDetails['status']): string {
  if (status === 'pending') return 'Not paid';
  if (status === 'cancelled') return 'Cancelled';
  return ADMIN_DRINK_ORDER_STATUS_LABELS[status];
}
