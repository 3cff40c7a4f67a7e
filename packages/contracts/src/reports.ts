import './zod-setup.js';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';
import type { Cents } from './money.js';

// The manager's money reports (docs/reports.md): `GET /api/admin/reports`,
// `GET /api/admin/reports/reconciliation` and `GET /api/admin/reports/exports/:table`.
// Every amount is integer cents; only the admin page formats dollars.

const defineSchema = <T>(build: () => T): T => build();

/** The figures at the top of `Reports`, for the dashboard's event and dates. */
export interface ReportTotals {
  /** Party tickets sold (totals with tax, before refunds). */
  ticketRevenueCents: Cents;
  /** Drinks paid at once plus tabs charged (with tax, before refunds; tips apart). */
  drinksRevenueCents: Cents;
  /** Tips on drinks (never taxed), pay now and tabs together; counted in net revenue. */
  tipsCents: Cents;
  /** Tips of drinks paid at once. */
  tipsPayNowCents: Cents;
  /** Tips charged with tabs. */
  tipsTabCents: Cents;
  /** Feast pack pre-orders paid (with tax, before refunds). */
  feastRevenueCents: Cents;
  /** Refunded of the above (tickets, drinks, tabs and feast packs), with their tax. */
  refundsCents: Cents;
  /** Chargebacks the card's bank has not decided yet: the gateway holds this money meanwhile (not subtracted). */
  disputedCents: Cents;
  /** Chargebacks lost: the money went back to the card, like a refund. */
  disputesLostCents: Cents;
  /** Revenue and tips less refunds and lost chargebacks. */
  netCents: Cents;
  /** The tax of what was sold (before refunds). */
  taxCents: Cents;
  /** Tickets still valid on paid orders (refunded tickets are not counted). */
  ticketsSold: number;
  /** Complimentary party orders ($0) and their tickets. */
  compOrders: number;
  compTickets: number;
}

/** One day of the revenue chart, in the party's time zone (`YYYY-MM-DD`). */
export interface RevenueDay {
  date: string;
  ticketsCents: Cents;
  /** Drinks with tax, tips apart. */
  drinksCents: Cents;
  /** Tips of drinks paid at once that day. */
  tipsPayNowCents: Cents;
  /** Tips charged with tabs closed that day. */
  tipsTabCents: Cents;
}

/** A day's total: tickets, drinks and tips. */
export function revenueDayTotal(day: RevenueDay): Cents {
  return day.ticketsCents + day.drinksCents + day.tipsPayNowCents + day.tipsTabCents;
}

/** One hour of drinks sales (`YYYY-MM-DD HH:00`, the party's time zone): orders placed and their value. */
export interface DrinksHour {
  hour: string;
  orders: number;
  revenueCents: Cents;
}

/** `Revenue by channel`: paid orders credited to the first-touch source of their visitor's session. */
export interface ChannelRow {
  source: string;
  medium: string;
  campaign: string | null;
  /** Page views of the channel (the attribution table's counters). */
  visits: number;
  orders: number;
  /** What the orders brought in, less their refunds and lost chargebacks. */
  revenueCents: Cents;
  /** revenueCents / visits, to the cent; null without visits. */
  revenuePerVisitCents: Cents | null;
}

/** The source of orders whose visitor's session is unknown (no analytics, or a blocked tracker). */
export const NOT_TRACKED_SOURCE = '(not tracked)';

export interface DrinkItemRow {
  name: string;
  quantity: number;
  /** Before tax: the menu price times the quantity. */
  revenueCents: Cents;
}

/**
 * `Tickets by type`: Adult, Child, then each other type by the name it was sold under. `sold`:
 * tickets of paid orders still valid (comps included); `refunded`: those refunded since; `seats`:
 * the people the sold tickets admit; `revenueCents`: before discounts and tax, the list price on
 * the order times the tickets sold (a comp's are $0).
 */
export interface TicketTypeRow {
  name: string;
  sold: number;
  refunded: number;
  seats: number;
  revenueCents: Cents;
}

export type ReportTabStatus = 'open' | 'closed';

export interface ReportTab {
  id: string;
  /** The short reference shown at the bar. */
  reference: string;
  customerName: string;
  tableNumber: string | null;
  status: ReportTabStatus;
  openedAt: string | null;
  closedAt: string | null;
  orders: number;
  /** Open: what is on it so far; closed: what was charged. */
  totalCents: Cents;
}

export interface TabsReport {
  open: { count: number; totalCents: Cents };
  closed: { count: number; totalCents: Cents };
  tabs: ReportTab[];
}

/** `GET /api/admin/reports`. */
export interface RevenueReport {
  /** The time zone days and hours are counted in. */
  timeZone: string;
  totals: ReportTotals;
  byDay: RevenueDay[];
  drinksByHour: DrinksHour[];
  channels: ChannelRow[];
  drinksByItem: DrinkItemRow[];
  ticketsByType: TicketTypeRow[];
  tabs: TabsReport;
}

export type ReconciledOrderType = 'tickets' | 'drinks' | 'feast' | 'tab';

/**
 * `missing-at-gateway`: paid here, no succeeded payment at the gateway; `missing-here`: a
 * succeeded payment at the gateway no paid order here accounts for; `amount-differs`: the
 * amounts paid or refunded differ.
 */
export type MismatchKind = 'missing-at-gateway' | 'missing-here' | 'amount-differs';

export interface ReconciliationMismatch {
  kind: MismatchKind;
  /** The payment's id at the gateway. */
  paymentId: string;
  orderType: ReconciledOrderType | null;
  orderId: string | null;
  customerName: string | null;
  /** Paid and refunded as recorded here (null: no order here). */
  hereCents: Cents | null;
  hereRefundedCents: Cents | null;
  /** Paid and refunded at the gateway (null: no payment there). */
  gatewayCents: Cents | null;
  gatewayRefundedCents: Cents | null;
  /** One sentence for the manager. */
  message: string;
}

/** `GET /api/admin/reports/reconciliation`. */
export interface ReconciliationReport {
  /** Orders and tab charges compared with the gateway. */
  checked: number;
  /** Paid orders without a gateway payment (no payment id: complimentary, imported). */
  outsideGateway: number;
  /** Of the payments checked, those with a chargeback open or lost (not a mismatch: both sides agree on the payment). */
  disputed: number;
  allMatch: boolean;
  mismatches: ReconciliationMismatch[];
}

export const REPORT_EXPORT_TABLES = [
  'party-tickets',
  'abandoned-carts',
  'drink-orders',
  'tabs',
  'revenue-by-channel',
  'drinks-by-item',
  'revenue-by-day',
  'tickets-by-type',
] as const;
export type ReportExportTable = (typeof REPORT_EXPORT_TABLES)[number];
export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** The path segment of an export: `party-tickets`, ... */
export const reportExportTableSchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(REPORT_EXPORT_TABLES, { error: valueMessage(`The table must be one of ${REPORT_EXPORT_TABLES.join(', ')}`) }),
);

/** `?format=csv|xlsx` (csv without one). */
export const reportExportFormatSchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(REPORT_EXPORT_FORMATS, { error: valueMessage('format must be csv or xlsx') }).default('csv'),
);
