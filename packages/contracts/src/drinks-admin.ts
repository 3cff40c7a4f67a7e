import type { BarOrderStatus, DrinkTabStatus } from './drinks.js';
import type { Cents } from './money.js';
import type { Language } from './languages.js';
import type { PaymentDisputeStatus, PaymentDisputeView } from './payments.js';
import type { StaffRole } from './staff.js';

// The manager's view of drinks money (docs/reports.md, Drinks orders and tabs):
// `GET /api/admin/drink-orders` (the dashboard's `Drinks Orders` table, with its filter),
// `GET /api/admin/drink-orders/:orderId` and `GET /api/admin/drink-tabs/:tabId` (`Order details`).

/** A drinks order that reached the bar: paid at once (and maybe refunded since), or put on a tab. */
export type AdminDrinkOrderStatus = 'paid' | 'tab' | 'refunding' | 'refunded';

export const ADMIN_DRINK_ORDER_STATUS_LABELS: Record<AdminDrinkOrderStatus, string> = {
  paid: 'Paid',
  tab: 'On a tab',
  refunding: 'Refunding',
  refunded: 'Refunded',
};

/** One row of the dashboard's `Drinks Orders` table (and of its export). */
export interface AdminDrinkOrderRow {
  id: string;
  /** The bar's order number. */
  number: number | null;
  status: AdminDrinkOrderStatus;
  barStatus: BarOrderStatus;
  customerName: string;
  tableNumber: string | null;
  items: { name: string; quantity: number }[];
  subtotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  /** Refunded of a pay-now order so far (a tab's orders are refunded through their tab). */
  refundedCents: Cents;
  tabId: string | null;
  /** The tab's short reference, when the order is on one. */
  tabReference: string | null;
  /** A chargeback on the order's payment (pay-now orders). */
  dispute: PaymentDisputeStatus | null;
  createdAt: string;
}

export type DrinkTimelineKind =
  | 'created'
  | 'paid'
  | 'tab.order'
  | 'ready'
  | 'served'
  | 'refunded'
  | 'tab.opened'
  | 'tab.limit'
  | 'tab.charged'
  | 'tab.charge-failed'
  | 'tab.settled'
  | 'disputed'
  | 'dispute.won'
  | 'dispute.lost';

/** One step of a drinks order's or a tab's history, oldest first. */
export interface DrinkTimelineEntry {
  kind: DrinkTimelineKind;
  at: string;
  /** `Guest`, `Manager`, a bar device's name, `Stripe` (a refund or dispute in its dashboard), or `System`. */
  who: string;
  role: StaffRole | null;
  /** In words: `Mango Lassi x2`, `charged $23.40`. */
  detail: string | null;
}

/** One line of a drinks order: the menu price when ordered, times the quantity. */
export interface DrinkOrderDetailsLine {
  name: string;
  priceCents: Cents;
  quantity: number;
  amountCents: Cents;
}

/** `GET /api/admin/drink-orders/:orderId`: a drinks order's `Order details`. */
export interface DrinkOrderDetails {
  id: string;
  number: number | null;
  status: AdminDrinkOrderStatus | 'pending' | 'cancelled';
  barStatus: BarOrderStatus;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  tableNumber: string | null;
  /** The language the guest ordered in (docs/languages.md). */
  language: Language;
  lines: DrinkOrderDetailsLine[];
  subtotalCents: Cents;
  taxCents: Cents;
  /** The guest's tip (never taxed), in the total. */
  tipCents: Cents;
  totalCents: Cents;
  refundedCents: Cents;
  /** `card` (paid at once) or `tab` (charged with its tab when the tab closes). */
  payment: 'card' | 'tab';
  /** The payment's id at the gateway (pay-now orders). */
  paymentReference: string | null;
  tab: { id: string; reference: string; status: DrinkTabStatus } | null;
  dispute: PaymentDisputeView | null;
  createdAt: string;
  timeline: DrinkTimelineEntry[];
}

/** One order on a tab, in the tab's details. */
export interface DrinkTabOrderView {
  id: string;
  number: number | null;
  barStatus: BarOrderStatus;
  items: { name: string; quantity: number }[];
  subtotalCents: Cents;
  createdAt: string;
}

/** `GET /api/admin/drink-tabs/:tabId`: a tab's `Order details`. */
export interface DrinkTabDetails {
  id: string;
  reference: string;
  status: DrinkTabStatus;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  tableNumber: string | null;
  orders: DrinkTabOrderView[];
  /** Everything on the tab: one price for all its orders (tax once on the subtotal). */
  subtotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  /** The tip charged with the tab when it closed (never taxed; not in `totalCents`, in `chargedCents`). */
  tipCents: Cents;
  /** What the saved card was charged when the tab closed (0: nothing to charge or settled at the bar). */
  chargedCents: Cents | null;
  refundedCents: Cents;
  limitCents: Cents;
  /** The tab's charge at the gateway, once closed. */
  paymentReference: string | null;
  closedBy: 'staff' | 'auto' | 'bar' | 'guest' | null;
  lastChargeError: string | null;
  dispute: PaymentDisputeView | null;
  openedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  timeline: DrinkTimelineEntry[];
}
