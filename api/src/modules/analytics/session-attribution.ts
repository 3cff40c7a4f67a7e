import { In, type EntityManager } from 'typeorm';
import { AnalyticsEventEntity } from './analytics-event.entity.js';

/** Sessions asked for in one query. */
const CHUNK = 500;

/**
 * The first event each visitor's browser sent in its session that carries an attribution (not a
 * bot's): the session's first touch. A server event (a paid order) is credited to it when it is
 * recorded, so the attribution table's conversions and the revenue report's orders follow one
 * model (docs/reports.md). Sessions without such an event are left out of the map.
 */
export async function firstTouchOfSessions(
  manager: EntityManager,
  sessionIds: readonly string[],
): Promise<Map<string, AnalyticsEventEntity>> {
  const found = new Map<string, AnalyticsEventEntity>();
  const unique = [...new Set(sessionIds.filter(Boolean))];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    const firsts = await manager
      .createQueryBuilder(AnalyticsEventEntity, 'e')
      .select('MIN(e.id)', 'id')
      .where('e.sessionId IN (:...chunk)', { chunk })
      .andWhere('e.isBot = 0')
      .andWhere('e.attributionSource IS NOT NULL')
      .groupBy('e.sessionId')
      .getRawMany<{ id: unknown }>();
    if (firsts.length === 0) continue;
    const rows = await manager.findBy(AnalyticsEventEntity, { id: In(firsts.map((r) => Number(r.id))) });
    for (const row of rows) if (row.sessionId) found.set(row.sessionId, row);
  }
  return found;
}
