import type { EntityManager } from 'typeorm';
import { TicketRedemptionEntity, type RedemptionKind } from './ticket-redemption.entity.js';

// A ticket's redemptions (its guests admitted, its complimentary drinks) are the tickets
// module's table; the door writes them under its own lock (door/admissions.ts).

/**
 * Guests admitted so far, by order id, for every order with an admission (or only `orderIds`).
 * One grouped read, whatever the number of orders.
 */
export async function admittedCounts(manager: EntityManager, orderIds?: readonly string[]): Promise<Map<string, number>> {
  const query = manager
    .createQueryBuilder(TicketRedemptionEntity, 'r')
    .select('r.orderId', 'orderId')
    .addSelect('SUM(r.count)', 'admitted')
    .where('r.kind = :kind', { kind: 'entry' satisfies RedemptionKind });
  if (orderIds) query.andWhere('r.orderId IN (:...orderIds)', { orderIds });
  const rows = await query.groupBy('r.orderId').getRawMany<{ orderId: string; admitted: number | string }>();
  // MySQL answers a SUM as a decimal string, SQLite as a number.
  return new Map(rows.map((row) => [row.orderId, Number(row.admitted)]));
}
