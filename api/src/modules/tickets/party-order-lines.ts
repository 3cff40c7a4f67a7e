import type { EntityManager } from 'typeorm';
import type { TicketItem } from '@festival/contracts';
import type { PartyOrderEntity } from './party-order.entity.js';
import { PartyOrderItemEntity } from './party-order-item.entity.js';
import type { SelectedLine } from './ticket-types/ticket-selection.js';

/** Writes an order's tickets of the season's other types as its lines, as priced (docs/ticket-types.md). */
export async function insertOrderLines(manager: EntityManager, orderId: string, lines: readonly SelectedLine[]): Promise<void> {
  if (lines.length === 0) return;
  await manager.insert(
    PartyOrderItemEntity,
    lines.map((line) => ({
      orderId,
      typeId: line.type.id,
      name: line.name,
      seats: line.type.seats,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      refundedQuantity: 0,
    })),
  );
}

/** An order's lines, in the order they were written. */
export function linesOf(manager: EntityManager, orderId: string): Promise<PartyOrderItemEntity[]> {
  return manager.find(PartyOrderItemEntity, { where: { orderId }, order: { id: 'ASC' } });
}

/** An order as the request that would make it now: its adult and child counts and its lines by type. */
export async function requestOf(
  manager: EntityManager,
  order: Pick<PartyOrderEntity, 'id' | 'adultTickets' | 'childTickets' | 'extraSeats'>,
): Promise<{ adultTickets: number; childTickets: number; items: TicketItem[] }> {
  const lines = order.extraSeats > 0 ? await linesOf(manager, order.id) : [];
  return {
    adultTickets: order.adultTickets,
    childTickets: order.childTickets,
    items: lines.map((line) => ({ typeId: line.typeId, quantity: line.quantity })),
  };
}

/** The tickets of an order's lines still valid (bought and not refunded), with the people each admits. */
export function validLinesOf(lines: readonly PartyOrderItemEntity[]): { name: string; quantity: number; seats: number }[] {
  return lines.map((line) => ({ name: line.name, quantity: line.quantity - line.refundedQuantity, seats: line.seats }));
}

/** Tickets of each type refunded (or being refunded) by `refunds`, by type id. */
export function refundedByType(refunds: readonly { items: readonly { typeId: number; quantity: number }[] }[]): Map<number, number> {
  const refunded = new Map<number, number>();
  for (const refund of refunds) {
    for (const item of refund.items) refunded.set(item.typeId, (refunded.get(item.typeId) ?? 0) + item.quantity);
  }
  return refunded;
}

/** Each line's tickets not refunded nor being refunded, as refund items (the rest of an order). */
export function itemsLeft(lines: readonly PartyOrderItemEntity[], refunded: Map<number, number>): { typeId: number; quantity: number }[] {
  return lines
    .map((line) => ({ typeId: line.typeId, quantity: line.quantity - (refunded.get(line.typeId) ?? 0) }))
    .filter((item) => item.quantity > 0);
}

/**
 * Marks `items` of an order's lines refunded, with `manager` (in the refund's transaction under
 * the party lock); answers the seats they admitted, which the order no longer holds.
 */
export async function releaseLines(
  manager: EntityManager,
  orderId: string,
  items: readonly { typeId: number; quantity: number }[],
): Promise<number> {
  if (items.length === 0) return 0;
  const lines = await linesOf(manager, orderId);
  let seats = 0;
  for (const item of items) {
    const line = lines.find((candidate) => candidate.typeId === item.typeId);
    if (!line) continue;
    await manager.update(PartyOrderItemEntity, { id: line.id }, { refundedQuantity: line.refundedQuantity + item.quantity });
    seats += item.quantity * line.seats;
  }
  return seats;
}

/** A refund's items with their tickets' names (`1 VIP Table`), for the log and the e-mail. */
export async function namedItems(
  manager: EntityManager,
  refund: { orderId: string; items: readonly { typeId: number; quantity: number }[] },
): Promise<{ name: string; quantity: number; seats: number }[]> {
  if (refund.items.length === 0) return [];
  const lines = await linesOf(manager, refund.orderId);
  return refund.items.map((item) => {
    const line = lines.find((candidate) => candidate.typeId === item.typeId);
    return { name: line?.name ?? `type ${item.typeId}`, quantity: item.quantity, seats: line?.seats ?? 1 };
  });
}
