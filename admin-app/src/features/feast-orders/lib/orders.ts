import type { FeastOrder } from '@festival/contracts';
import { csvDate, csvDateTime, toCsv } from '#shared/lib/csv.ts';

/** The items of an order as one line: `Vegetarian Feast Pack x 2; Sweets Box x 1`. */
export const itemsLine = (order: FeastOrder, separator = '; '): string =>
  order.items.map((item) => `${item.name} x ${item.quantity}`).join(separator);

/**
 * The orders whose id, customer, e-mail, phone, pickup or items contain every word of the
 * search (case-insensitive; an empty search keeps them all).
 */
export function searchOrders(orders: readonly FeastOrder[], search: string): FeastOrder[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...orders];
  return orders.filter((order) => {
    const text = [
      order.id,
      order.customerName,
      order.customerEmail,
      order.customerPhone,
      order.pickupDate,
      order.pickupTime,
      itemsLine(order),
    ]
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A number that orders pickups by date, then time: `October 18` and `11:00 AM` (the way the
 * orders store them) or ISO dates and 24-hour times. Unreadable values sort last.
 */
export function pickupSortKey(order: Pick<FeastOrder, 'pickupDate' | 'pickupTime'>): number {
  let day = 1e9;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(order.pickupDate);
  const named = /([a-z]{3})[a-z]*\.?\s+(\d{1,2})/i.exec(order.pickupDate);
  if (iso) day = Number(iso[1]) * 400 + Number(iso[2]) * 32 + Number(iso[3]);
  else if (named && MONTHS.includes(named[1].toLowerCase())) day = (MONTHS.indexOf(named[1].toLowerCase()) + 1) * 32 + Number(named[2]);
  let minutes = 24 * 60;
  const time = /(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/i.exec(order.pickupTime);
  if (time) {
    const hour = Number(time[1]) % (time[3] ? 12 : 24);
    minutes = (hour + (time[3]?.toLowerCase() === 'pm' ? 12 : 0)) * 60 + Number(time[2] ?? 0);
  }
  return day * 10_000 + minutes;
}

export const ORDER_CSV_COLUMNS = [
  'Order ID',
  'Customer Name',
  'Email',
  'Phone',
  'Pickup Date',
  'Pickup Time',
  'Items',
  'Total',
  'Order Date',
] as const;

/** The export: the columns of docs/product.md, items joined with semicolons, totals in dollars. */
export function ordersCsv(orders: readonly FeastOrder[]): string {
  return toCsv([
    ORDER_CSV_COLUMNS,
    ...orders.map((o) => [
      o.id,
      o.customerName,
      o.customerEmail,
      o.customerPhone,
      o.pickupDate,
      o.pickupTime,
      itemsLine(o),
      (o.totalAmount / 100).toFixed(2),
      csvDateTime(new Date(o.createdAt)),
    ]),
  ]);
}

/** `feast-pack-orders-2025-10-24.csv`, with today's local date. */
export function ordersCsvFileName(now = new Date()): string {
  return `feast-pack-orders-${csvDate(now)}.csv`;
}
