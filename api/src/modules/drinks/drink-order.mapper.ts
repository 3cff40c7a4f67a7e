import type { EntityManager } from 'typeorm';
import { drinkTabReference, type BarOrder, type DrinkOrderReceipt } from '@festival/contracts';
import { DrinkOrderEntity } from './drink-order.entity.js';

/** How the activity log names a drinks order: `Order #12 (Rohan Das)`, or `Order of Rohan Das` before it reaches the bar. */
export const drinkOrderLabel = (order: Pick<DrinkOrderEntity, 'number' | 'customerName'>): string =>
  order.number !== null ? `Order #${order.number} (${order.customerName})` : `Order of ${order.customerName}`;

/**
 * The idempotency key of a drinks order's refund at the payment service: one per order, the same
 * for the site's own refund of a sold-out drink and the manager's `Refund`, so whoever asks,
 * however often, the order is refunded once.
 */
export const drinkRefundKey = (orderId: string): string => `drink-refund-${orderId}`;

/**
 * The next bar order number. Called inside the drinks lock only, so numbers are given one at
 * a time: 1, 2, 3... in the order drinks reach the bar (a unique index guards it too).
 */
export async function nextOrderNumber(manager: EntityManager): Promise<number> {
  const row = await manager
    .createQueryBuilder(DrinkOrderEntity, 'o')
    .select('MAX(o.number)', 'max')
    .getRawOne<{ max: number | string | null }>();
  return Number(row?.max ?? 0) + 1;
}

/**
 * When the order reached the bar. Every order the guest or the bar sees has it (it is set as the
 * order is paid or put on a tab); should one lack it, the time the guest ordered stands in, never
 * `updatedAt`, which moves each time the bar marks the order ready or served.
 */
function placedAt(order: DrinkOrderEntity): string {
  return (order.placedAt ?? order.createdAt).toISOString();
}

export function toReceipt(order: DrinkOrderEntity): DrinkOrderReceipt {
  return {
    orderId: order.id,
    number: order.number ?? 0,
    payment: order.tabId ? 'tab' : 'paid',
    barStatus: order.barStatus,
    customerName: order.customerName,
    tableNumber: order.tableNumber,
    items: order.lines,
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    tabId: order.tabId,
    placedAt: placedAt(order),
    tipCents: order.tipCents ?? 0,
  };
}

export function toBarOrder(order: DrinkOrderEntity): BarOrder {
  return {
    id: order.id,
    number: order.number ?? 0,
    payment: order.tabId ? 'tab' : 'paid',
    status: order.barStatus,
    customerName: order.customerName,
    tableNumber: order.tableNumber,
    language: order.language,
    items: order.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
    totalCents: order.totalCents,
    tabReference: order.tabId ? drinkTabReference(order.tabId) : null,
    placedAt: placedAt(order),
    updatedAt: order.updatedAt.toISOString(),
  };
}
