import {
  drinkTabReference,
  NOT_TRACKED_SOURCE,
  utcOffsetLabel,
  zonedHourOf,
  type AttributionRow,
  type ChannelRow,
  type Cents,
  type DrinkItemRow,
  type DrinksHour,
  type ReportTab,
  type ReportTotals,
  type RevenueDay,
  type RevenueReport,
} from '@festival/contracts';
import type { Attribution } from '../analytics/attribution.js';
import type { DrinkOrderLine } from '../drinks/drink-order.entity.js';
import {
  disputedCents,
  isClosedTab,
  isComp,
  isOpenTab,
  orderRefundedCents,
  partyRefundedCents,
  partyTicketsSold,
  tabChargedCents,
  zonedDayHour,
  type ReportSales,
} from './report-sales.js';

const sum = <T>(rows: readonly T[], of: (row: T) => number): number => rows.reduce((total, row) => total + of(row), 0);

const isPayNow = (status: string) => status === 'paid' || status === 'refunding' || status === 'refunded';
const inRange = (at: Date | null, range: { since: Date | null; until: Date | null }) =>
  at !== null && (!range.since || at >= range.since) && (!range.until || at < range.until);

/** The headline figures (docs/reports.md, Totals). */
export function reportTotals(sales: ReportSales, range: { since: Date | null; until: Date | null }): ReportTotals {
  const payNow = sales.drinks.filter((o) => isPayNow(o.status));
  const charged = sales.tabs.filter((t) => inRange(t.closedAt, range) && tabChargedCents(t) > 0);
  const ticketRevenueCents = sum(sales.party, (o) => o.totalCents);
  // Tips are on their own line (never taxed): drinks revenue is the drinks with their tax.
  const tipsPayNowCents = sum(payNow, (o) => o.tipCents ?? 0);
  const tipsTabCents = sum(charged, (t) => t.tipCents ?? 0);
  const drinksRevenueCents = sum(payNow, (o) => o.totalCents) + sum(charged, tabChargedCents) - tipsPayNowCents - tipsTabCents;
  const feastRevenueCents = sum(sales.feast, (o) => o.totalCents);
  const refundsCents =
    sum(sales.party, partyRefundedCents) +
    sum(sales.feast, orderRefundedCents) +
    sum(payNow, orderRefundedCents) +
    sum(charged, (t) => Math.min(t.refundedCents ?? 0, tabChargedCents(t)));
  // Each payment counted once: a tab's orders have no payment of their own, only the tab's charge.
  const payments = [
    ...sales.party.filter((o) => !isComp(o)).map((o) => o.paymentIntentId),
    ...sales.feast.map((o) => o.paymentIntentId),
    ...payNow.map((o) => o.paymentIntentId),
    ...charged.map((t) => t.chargePaymentIntentId),
  ];
  const disputesLostCents = sum(payments, (id) => disputedCents(sales, id, 'lost'));
  const comps = sales.party.filter(isComp);
  return {
    ticketRevenueCents,
    drinksRevenueCents,
    tipsCents: tipsPayNowCents + tipsTabCents,
    tipsPayNowCents,
    tipsTabCents,
    feastRevenueCents,
    refundsCents,
    disputedCents: sum(payments, (id) => disputedCents(sales, id, 'open')),
    disputesLostCents,
    netCents:
      ticketRevenueCents + drinksRevenueCents + tipsPayNowCents + tipsTabCents + feastRevenueCents - refundsCents - disputesLostCents,
    taxCents:
      sum(sales.party, (o) => o.taxCents) +
      sum(sales.feast, (o) => o.taxCents) +
      sum(payNow, (o) => o.taxCents) +
      sum(charged, (t) => t.taxCents ?? 0),
    ticketsSold: sum(
      sales.party.filter((o) => !isComp(o)),
      partyTicketsSold,
    ),
    compOrders: comps.length,
    compTickets: sum(comps, partyTicketsSold),
  };
}

/** Tickets and drinks per day (party time zone), for the stacked chart. */
export function revenueByDay(sales: ReportSales, range: { since: Date | null; until: Date | null }, timeZone: string): RevenueDay[] {
  const days = new Map<string, RevenueDay>();
  const add = (at: Date, field: Exclude<keyof RevenueDay, 'date'>, cents: Cents) => {
    const { day } = zonedDayHour(at, timeZone);
    const row = days.get(day) ?? { date: day, ticketsCents: 0, drinksCents: 0, tipsPayNowCents: 0, tipsTabCents: 0 };
    row[field] += cents;
    days.set(day, row);
  };
  for (const o of sales.party) add(o.createdAt, 'ticketsCents', o.totalCents);
  for (const o of sales.drinks) {
    if (!isPayNow(o.status)) continue;
    add(o.createdAt, 'drinksCents', o.totalCents - (o.tipCents ?? 0));
    add(o.createdAt, 'tipsPayNowCents', o.tipCents ?? 0);
  }
  for (const t of sales.tabs)
    if (t.closedAt && inRange(t.closedAt, range) && tabChargedCents(t) > 0) {
      add(t.closedAt, 'drinksCents', tabChargedCents(t) - (t.tipCents ?? 0));
      add(t.closedAt, 'tipsTabCents', t.tipCents ?? 0);
    }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/**
 * Drink orders reaching the bar per hour of the party's wall clock (paid at once or put on a
 * tab), with their value, in the order the hours came. The hour that comes twice when the clocks
 * go back is two rows, each named with its offset (`2026-11-01 01:00 UTC-7`, then `… UTC-8`).
 */
export function drinksByHour(sales: ReportSales, timeZone: string): DrinksHour[] {
  const hours = new Map<number, DrinksHour & { offsetMinutes: number }>();
  for (const o of sales.drinks) {
    if (o.status !== 'paid' && o.status !== 'tab') continue;
    const { day, hour, startsAt, offsetMinutes } = zonedHourOf(o.placedAt ?? o.createdAt, timeZone);
    const row = hours.get(startsAt) ?? { hour: `${day} ${hour}:00`, orders: 0, revenueCents: 0, offsetMinutes };
    row.orders += 1;
    row.revenueCents += o.totalCents;
    hours.set(startsAt, row);
  }
  const rows = [...hours.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  const named = new Map<string, number>();
  for (const row of rows) named.set(row.hour, (named.get(row.hour) ?? 0) + 1);
  return rows.map(({ offsetMinutes, ...row }) =>
    named.get(row.hour)! > 1 ? { ...row, hour: `${row.hour} ${utcOffsetLabel(offsetMinutes)}` } : row,
  );
}

/** Drinks served (paid at once or on a tab), per menu item: quantity and value before tax. */
export function drinksByItem(sales: ReportSales): DrinkItemRow[] {
  const items = new Map<string, DrinkItemRow>();
  for (const o of sales.drinks) {
    if (o.status !== 'paid' && o.status !== 'tab') continue;
    for (const line of JSON.parse(o.items) as DrinkOrderLine[]) {
      const row = items.get(line.name) ?? { name: line.name, quantity: 0, revenueCents: 0 };
      row.quantity += line.quantity;
      row.revenueCents += line.price * line.quantity;
      items.set(line.name, row);
    }
  }
  return [...items.values()].sort((a, b) => b.revenueCents - a.revenueCents || (a.name < b.name ? -1 : 1));
}

/** Open and closed tabs, with what is on each (open) or what it was charged (closed). */
export function tabsReport(sales: ReportSales): RevenueReport['tabs'] {
  const onTab = new Map<string, { orders: number; cents: Cents }>();
  for (const o of sales.drinks) {
    if (o.status !== 'tab' || !o.tabId) continue;
    const row = onTab.get(o.tabId) ?? { orders: 0, cents: 0 };
    row.orders += 1;
    row.cents += o.totalCents;
    onTab.set(o.tabId, row);
  }
  const tabs: ReportTab[] = sales.tabs
    .filter((t) => isOpenTab(t) || isClosedTab(t))
    .map((t) => {
      const open = isOpenTab(t);
      return {
        id: t.id,
        reference: drinkTabReference(t.id),
        customerName: t.customerName,
        tableNumber: t.tableNumber,
        status: open ? 'open' : 'closed',
        openedAt: t.openedAt?.toISOString() ?? null,
        closedAt: t.closedAt?.toISOString() ?? null,
        orders: onTab.get(t.id)?.orders ?? 0,
        totalCents: open ? (onTab.get(t.id)?.cents ?? 0) : tabChargedCents(t),
      };
    });
  tabs.sort((a, b) => (a.status !== b.status ? (a.status === 'open' ? -1 : 1) : (b.openedAt ?? '') < (a.openedAt ?? '') ? -1 : 1));
  const open = tabs.filter((t) => t.status === 'open');
  const closed = tabs.filter((t) => t.status === 'closed');
  return {
    open: { count: open.length, totalCents: sum(open, (t) => t.totalCents) },
    closed: { count: closed.length, totalCents: sum(closed, (t) => t.totalCents) },
    tabs,
  };
}

interface SoldOrder {
  sessionId: string | null;
  revenueCents: Cents;
}

const channelKey = (source: string, medium: string, campaign: string | null) => `${source}\n${medium}\n${campaign ?? ''}`;

/**
 * `Revenue by channel`: each paid ticket or feast pack order (with money: not a comp) credited to
 * the first-touch attribution of its visitor's session, its revenue less refunds and lost
 * chargebacks; visits are the
 * attribution table's page views of the same source, medium and campaign. Orders whose session
 * is unknown are `(not tracked)`.
 */
export function revenueByChannel(
  orders: readonly SoldOrder[],
  firstTouch: ReadonlyMap<string, Attribution>,
  visits: readonly AttributionRow[],
): ChannelRow[] {
  const rows = new Map<string, ChannelRow>();
  const row = (source: string, medium: string, campaign: string | null) => {
    const key = channelKey(source, medium, campaign);
    let found = rows.get(key);
    if (!found) {
      found = { source, medium, campaign, visits: 0, orders: 0, revenueCents: 0, revenuePerVisitCents: null };
      rows.set(key, found);
    }
    return found;
  };
  for (const v of visits) row(v.source, v.medium, v.campaign).visits += v.pageViews;
  for (const order of orders) {
    const touch = order.sessionId ? firstTouch.get(order.sessionId) : undefined;
    const target = touch ? row(touch.source, touch.medium, touch.campaign) : row(NOT_TRACKED_SOURCE, 'none', null);
    target.orders += 1;
    target.revenueCents += order.revenueCents;
  }
  return [...rows.values()]
    .map((r) => ({ ...r, revenuePerVisitCents: r.visits > 0 ? Math.round(r.revenueCents / r.visits) : null }))
    .sort(
      (a, b) =>
        b.revenueCents - a.revenueCents ||
        b.visits - a.visits ||
        (channelKey(a.source, a.medium, a.campaign) < channelKey(b.source, b.medium, b.campaign) ? -1 : 1),
    );
}

export function soldOrders(sales: ReportSales): SoldOrder[] {
  const lost = (paymentId: string | null) => disputedCents(sales, paymentId, 'lost');
  return [
    ...sales.party
      .filter((o) => !isComp(o))
      .map((o) => ({ sessionId: o.analyticsSessionId, revenueCents: o.totalCents - partyRefundedCents(o) - lost(o.paymentIntentId) })),
    ...sales.feast.map((o) => ({
      sessionId: o.analyticsSessionId,
      revenueCents: o.totalCents - orderRefundedCents(o) - lost(o.paymentIntentId),
    })),
  ];
}
