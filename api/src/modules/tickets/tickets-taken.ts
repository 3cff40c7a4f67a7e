import type { EntityManager } from 'typeorm';
import { PartyOrderEntity } from './party-order.entity.js';

/**
 * The sum of an event's seats that count against its capacity (`taken`): paid tickets not
 * refunded (docs/refunds.md) and live holds, each ticket of another type counting its seats
 * (docs/ticket-types.md).
 */
export function takenQuery(manager: EntityManager, eventId: number, now: Date) {
  return manager
    .createQueryBuilder(PartyOrderEntity, 'o')
    .select('COALESCE(SUM(o.adultTickets + o.childTickets - o.refundedAdults - o.refundedChildren + o.extraSeats), 0)', 'taken')
    .where('o.eventId = :eventId', { eventId })
    .andWhere("(o.status = 'paid' OR (o.status = 'pending' AND o.holdExpiresAt > :now))", { now });
}

/** An event's tickets sold or held now (optionally but one order's), read with `manager` (under the party lock to act on it). */
export async function ticketsTaken(manager: EntityManager, eventId: number, now: Date, excludeOrderId?: string): Promise<number> {
  const query = takenQuery(manager, eventId, now);
  if (excludeOrderId) query.andWhere('o.id <> :excludeOrderId', { excludeOrderId });
  const row = await query.getRawOne<{ taken: string | number }>();
  return Number(row?.taken ?? 0);
}
