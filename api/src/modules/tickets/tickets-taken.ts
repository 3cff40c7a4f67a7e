import type { EntityManager } from 'typeorm';
import { PartyOrderEntity } from './party-order.entity.js';
import { WaitlistEntryEntity } from './waitlist/waitlist-entry.entity.js';

/** The seats an order (SQL alias `o`) counts against capacity: its tickets not refunded (docs/refunds.md), a table's seats included (docs/ticket-types.md). */
export const orderSeatsSql = (o: string): string =>
  `${o}.adultTickets + ${o}.childTickets - ${o}.refundedAdults - ${o}.refundedChildren + ${o}.extraSeats`;

/**
 * The sum of an event's seats that count against its capacity (`taken`): paid tickets not
 * refunded (docs/refunds.md) and live holds, each ticket of another type counting its seats
 * (docs/ticket-types.md).
 */
export function takenQuery(manager: EntityManager, eventId: number, now: Date) {
  return manager
    .createQueryBuilder(PartyOrderEntity, 'o')
    .select(`COALESCE(SUM(${orderSeatsSql('o')}), 0)`, 'taken')
    .where('o.eventId = :eventId', { eventId })
    .andWhere("(o.status = 'paid' OR (o.status = 'pending' AND o.holdExpiresAt > :now))", { now });
}

/**
 * The seats live waitlist offers hold for their guests (docs/waitlist.md): each offer's seats but
 * those of the live or paid order made with its link (counted as an order already).
 */
export async function offeredSeats(manager: EntityManager, eventId: number, now: Date, excludeOrderId?: string): Promise<number> {
  const query = manager
    .createQueryBuilder(WaitlistEntryEntity, 'e')
    .leftJoin(PartyOrderEntity, 'o', "o.id = e.orderId AND (o.status = 'paid' OR (o.status = 'pending' AND o.holdExpiresAt > :now))", {
      now,
    })
    .select(`COALESCE(SUM(CASE WHEN o.id IS NULL THEN e.offeredTickets ELSE e.offeredTickets - (${orderSeatsSql('o')}) END), 0)`, 'held')
    .where('e.eventId = :eventId', { eventId })
    .andWhere("e.status = 'offered' AND e.offerExpiresAt > :now", { now });
  if (excludeOrderId) query.andWhere('(e.orderId IS NULL OR e.orderId <> :excludeOrderId)', { excludeOrderId });
  const row = await query.getRawOne<{ held: string | number }>();
  return Math.max(0, Number(row?.held ?? 0));
}

/**
 * An event's tickets sold, held or offered to the waitlist now (optionally but one order's and
 * the offer it was made with), read with `manager` (under the party lock to act on it).
 */
export async function ticketsTaken(manager: EntityManager, eventId: number, now: Date, excludeOrderId?: string): Promise<number> {
  const query = takenQuery(manager, eventId, now);
  if (excludeOrderId) query.andWhere('o.id <> :excludeOrderId', { excludeOrderId });
  const row = await query.getRawOne<{ taken: string | number }>();
  return Number(row?.taken ?? 0) + (await offeredSeats(manager, eventId, now, excludeOrderId));
}
