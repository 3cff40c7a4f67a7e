import { isoToZonedWallTime, type Cents, type PaymentDisputeStatus } from '@festival/contracts';
import type { DrinkOrderEntity } from '../drinks/drink-order.entity.js';
import type { DrinkTabEntity } from '../drinks/drink-tab.entity.js';
import type { FeastOrderEntity } from '../feast/feast-order.entity.js';
import type { PartyOrderEntity } from '../tickets/party-order.entity.js';

/** The sales of a report's event and dates, as read from the orders and tabs (docs/reports.md). */
export interface ReportSales {
  /** Party orders paid (or paid then refunded) started in range. */
  party: PartyOrderEntity[];
  /** Feast pack orders paid (or refunded) started in range. */
  feast: FeastOrderEntity[];
  /** Drink orders paid at once (or refunded) and orders put on tabs, started in range. */
  drinks: DrinkOrderEntity[];
  /** Tabs opened or closed in range (open, closing, closed, settled). */
  tabs: DrinkTabEntity[];
  /** The latest chargeback of each of those payments, by payment id (docs/reports.md, Disputes). */
  disputes: ReadonlyMap<string, SaleDispute>;
}

/** A chargeback on a sale's payment, as the reports count it. */
export interface SaleDispute {
  status: PaymentDisputeStatus;
  amountCents: Cents;
}

/** The cents of a payment's chargeback in `status` (`open`: held by the gateway; `lost`: gone). */
export function disputedCents(sales: Pick<ReportSales, 'disputes'>, paymentId: string | null, status: PaymentDisputeStatus): Cents {
  const dispute = paymentId ? sales.disputes.get(paymentId) : undefined;
  return dispute?.status === status ? dispute.amountCents : 0;
}

/** The statuses of an order that was paid: still paid, or refunded (some or all) since. */
export const PAID_STATUSES = ['paid', 'refunding', 'refunded'] as const;

/** A complimentary party order: given by the staff through `Add guests` (its `comp` flag), $0. */
export function isComp(order: Pick<PartyOrderEntity, 'comp'>): boolean {
  return order.comp;
}

/**
 * What was refunded of a party order: the staff's refunds (`refundedCents`), or the whole order
 * when it was refunded as a late payment for a sold-out party (no refund rows).
 */
export function partyRefundedCents(order: Pick<PartyOrderEntity, 'status' | 'refundedCents' | 'totalCents'>): Cents {
  if ((order.status === 'refunded' || order.status === 'refunding') && !order.refundedCents) return order.totalCents;
  return order.refundedCents ?? 0;
}

/**
 * What was refunded of a feast pack or drink order: its recorded refunds (the site's, and those
 * made in the gateway's dashboard, some or all), or the whole order when it was refunded before
 * amounts were recorded.
 */
export function orderRefundedCents(order: { status: string; totalCents: number; refundedCents?: number | null }): Cents {
  if ((order.status === 'refunded' || order.status === 'refunding') && !order.refundedCents) return order.totalCents;
  return order.refundedCents ?? 0;
}

/** The tickets of a party order still valid: none of a refunded one. */
export function partyTicketsSold(
  order: Pick<PartyOrderEntity, 'status' | 'adultTickets' | 'childTickets' | 'refundedAdults' | 'refundedChildren'>,
): number {
  if (order.status !== 'paid') return 0;
  return Math.max(0, order.adultTickets - order.refundedAdults + order.childTickets - order.refundedChildren);
}

/** Tab states: open (guests may still order) or closed (charged, or settled at the bar). */
export const isOpenTab = (tab: Pick<DrinkTabEntity, 'status'>): boolean => tab.status === 'open' || tab.status === 'closing';
export const isClosedTab = (tab: Pick<DrinkTabEntity, 'status'>): boolean => tab.status === 'closed' || tab.status === 'settled';

/** What a closed tab brought in: its charge (a tab settled otherwise at the bar charged nothing through the site). */
export const tabChargedCents = (tab: Pick<DrinkTabEntity, 'status' | 'chargedCents' | 'chargePaymentIntentId'>): Cents =>
  isClosedTab(tab) && tab.chargePaymentIntentId ? (tab.chargedCents ?? 0) : 0;

/** `YYYY-MM-DD` and `HH` of an instant in `timeZone` (the contracts' wall-clock conversion). */
export function zonedDayHour(at: Date, timeZone: string): { day: string; hour: string } {
  const wall = isoToZonedWallTime(at.toISOString(), timeZone);
  return { day: wall.slice(0, 10), hour: wall.slice(11, 13) };
}

/** `YYYY-MM-DD HH:mm` of an instant in `timeZone`: a date and time every spreadsheet reads. */
export function zonedDateTime(at: Date, timeZone: string): string {
  return isoToZonedWallTime(at.toISOString(), timeZone).replace('T', ' ');
}
