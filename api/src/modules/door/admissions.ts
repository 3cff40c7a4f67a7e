import { ConflictException } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { orderReference, type OtherTickets } from '@festival/contracts';
import type { StaffActor } from '../staff/staff-actor.js';
import { PartyOrderItemEntity } from '../tickets/party-order-item.entity.js';
import { validLinesOf } from '../tickets/party-order-lines.js';
import { validTicketsOf, type PartyOrderEntity, type PartyOrderStatus } from '../tickets/party-order.entity.js';
import { TicketRedemptionEntity, type RedemptionKind } from '../tickets/ticket-redemption.entity.js';
export { admittedCounts } from '../tickets/ticket-redemptions.js';

/**
 * The lock of every admission and redemption: each reads what an order has had so far and adds
 * to it in one exclusive transaction, so two doors scanning one code in the same second cannot
 * both admit its last guest (a row lock on MySQL across replicas; a queue on SQLite).
 */
export const DOOR_LOCK = 'door';

/** A refunded or cancelled order answers `refunded` at the door. */
export const REFUNDED: readonly PartyOrderStatus[] = ['refunding', 'refunded', 'cancelled'];

/** The order's tickets still valid: a partly refunded order admits only its remaining guests (docs/refunds.md). */
export const ticketsOf = (order: PartyOrderEntity): number => validTicketsOf(order);
export const adultsOf = (order: PartyOrderEntity): number => order.adultTickets - (order.refundedAdults ?? 0);
export const childrenOf = (order: PartyOrderEntity): number => order.childTickets - (order.refundedChildren ?? 0);
/** An answer's `others`: the order's valid tickets of other types (`1 VIP Table`), left out when it has none. */
export function othersOf(lines: readonly PartyOrderItemEntity[]): { others?: OtherTickets[] } {
  const others = validLinesOf(lines).filter((line) => line.quantity > 0);
  return others.length > 0 ? { others } : {};
}

/** The lines of the orders that hold seats of other types, by order id (read a few hundred orders at a time). */
export async function linesByOrder(
  manager: EntityManager,
  orders: readonly Pick<PartyOrderEntity, 'id' | 'extraSeats'>[],
): Promise<Map<string, PartyOrderItemEntity[]>> {
  const ids = orders.filter((order) => order.extraSeats > 0).map((order) => order.id);
  const found = new Map<string, PartyOrderItemEntity[]>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await manager.find(PartyOrderItemEntity, { where: { orderId: In(ids.slice(start, start + 500)) }, order: { id: 'ASC' } });
    for (const row of rows) found.set(row.orderId, [...(found.get(row.orderId) ?? []), row]);
  }
  return found;
}

export const sumOf = (rows: { count: number }[]): number => rows.reduce((sum, row) => sum + row.count, 0);
/** The order as the activity log names it. Ticket codes are never logged: they admit their bearer. */
export const ticketObject = (order: PartyOrderEntity): string => `Ticket ${orderReference(order.id)} (${order.customerName})`;

/** The order's redemptions of one kind, oldest first, read with `manager`. */
export function redemptionsOf(manager: EntityManager, orderId: string, kind: RedemptionKind): Promise<TicketRedemptionEntity[]> {
  return manager.find(TicketRedemptionEntity, { where: { orderId, kind }, order: { at: 'ASC' } });
}

/** The earlier redemption with this client id; a 409 if that id was used for something else. */
export async function replayOf(
  manager: EntityManager,
  id: string,
  orderId: string,
  kind: RedemptionKind,
  field: string,
): Promise<TicketRedemptionEntity | null> {
  const earlier = await manager.findOneBy(TicketRedemptionEntity, { id });
  if (earlier && (earlier.orderId !== orderId || earlier.kind !== kind)) {
    throw new ConflictException(`This ${field} was already used for another ticket`);
  }
  return earlier;
}

/** Adds a redemption made by `actor`, inside the caller's transaction. */
export async function insertRedemption(
  manager: EntityManager,
  row: Pick<TicketRedemptionEntity, 'id' | 'orderId' | 'kind' | 'count' | 'at'> & { offline?: boolean },
  actor: StaffActor,
): Promise<void> {
  await manager.insert(TicketRedemptionEntity, {
    offline: false,
    ...row,
    who: actor.name.slice(0, 60),
    role: actor.role,
    deviceId: actor.deviceId,
  });
}
