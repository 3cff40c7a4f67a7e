import type { EntityManager } from 'typeorm';
import { rawDateTime } from '../../../database/raw-date-time.js';
import { PartyOrderEntity } from '../party-order.entity.js';
import { PartyOrderItemEntity } from '../party-order-item.entity.js';
import type { TicketTypeEntity } from './ticket-type.entity.js';

/** Orders whose tickets count against capacity at `now`: paid, or held and not lapsed (docs/refunds.md). */
const LIVE = "(o.status = 'paid' OR (o.status = 'pending' AND o.holdExpiresAt > :now))";

/**
 * Tickets of each of a season's types sold (paid, not refunded) or held at `now`, by type id;
 * the built-in types counted from the orders' adult and child counts, the others from their
 * lines. Read with `manager` (under the party lock to act on it); `excludeOrderId` leaves one
 * order out (a late payment counted against the rest).
 */
export async function takenByType(
  manager: EntityManager,
  eventId: number,
  types: readonly TicketTypeEntity[],
  now: Date,
  excludeOrderId?: string,
): Promise<Map<number, number>> {
  const builtIn = manager
    .createQueryBuilder(PartyOrderEntity, 'o')
    .select('COALESCE(SUM(o.adultTickets - o.refundedAdults), 0)', 'adults')
    .addSelect('COALESCE(SUM(o.childTickets - o.refundedChildren), 0)', 'children')
    .where('o.eventId = :eventId', { eventId })
    .andWhere(LIVE, { now });
  const lines = manager
    .createQueryBuilder(PartyOrderItemEntity, 'i')
    .innerJoin(PartyOrderEntity, 'o', 'o.id = i.orderId')
    .select('i.typeId', 'typeId')
    .addSelect('COALESCE(SUM(i.quantity - i.refundedQuantity), 0)', 'taken')
    .where('o.eventId = :eventId', { eventId })
    .andWhere(LIVE, { now })
    .groupBy('i.typeId');
  if (excludeOrderId) {
    builtIn.andWhere('o.id <> :excludeOrderId', { excludeOrderId });
    lines.andWhere('o.id <> :excludeOrderId', { excludeOrderId });
  }
  const [counts, byLine] = await Promise.all([
    builtIn.getRawOne<{ adults: string | number; children: string | number }>(),
    lines.getRawMany<{ typeId: string | number; taken: string | number }>(),
  ]);
  const taken = new Map<number, number>();
  for (const type of types) {
    if (type.builtIn === 'adult') taken.set(type.id, Number(counts?.adults ?? 0));
    else if (type.builtIn === 'child') taken.set(type.id, Number(counts?.children ?? 0));
    else taken.set(type.id, 0);
  }
  for (const row of byLine) taken.set(Number(row.typeId), Number(row.taken));
  return taken;
}

/** When the earliest live hold of a season lapses (ms), or undefined: a cached count ends then. */
export async function nextHoldLapse(manager: EntityManager, eventId: number, now: Date): Promise<number | undefined> {
  const row = await manager
    .createQueryBuilder(PartyOrderEntity, 'o')
    .select('MIN(o.holdExpiresAt)', 'nextLapse')
    .where('o.eventId = :eventId', { eventId })
    .andWhere("o.status = 'pending' AND o.holdExpiresAt > :now", { now })
    .getRawOne<{ nextLapse: string | Date | null }>();
  return row?.nextLapse ? rawDateTime(row.nextLapse).getTime() : undefined;
}
