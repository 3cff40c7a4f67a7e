import type { QueryRunner } from 'typeorm';
import { CONVERSION_EVENT_TYPES, PAGE_VIEW_EVENT_TYPES } from '@festival/contracts';

/** An event's hour (hours since 1970, UTC) in SQL, as `hourOf()` computes it for the events the API stores. */
export function hourSql(mysql: boolean, column = 'createdAt'): string {
  return mysql ? `TIMESTAMPDIFF(HOUR, '1970-01-01 00:00:00', ${column})` : `CAST(strftime('%s', ${column}) AS INTEGER) / 3600`;
}

/**
 * Counts the stored events into the analytics counters (totals, people and their hours, attribution) again
 * from scratch, in one transaction (its own unless one is open): after events were written other
 * than through the API (the benchmark's bulk load, a migration). On MySQL the events read are
 * locked until it commits, so events the API stores meanwhile are counted once, after it.
 */
export async function fillAnalyticsCounters(queryRunner: QueryRunner): Promise<void> {
  const type = queryRunner.connection.options.type;
  const mysql = type === 'mysql' || type === 'mariadb';
  const hour = hourSql(mysql);
  const bot = 'CASE WHEN isBot THEN 1 ELSE 0 END';
  const person = mysql
    ? "CASE WHEN entityId IS NOT NULL THEN CONCAT('e:', entityId) ELSE CONCAT('s:', sessionId) END"
    : "CASE WHEN entityId IS NOT NULL THEN 'e:' || entityId ELSE 's:' || sessionId END";
  const views = PAGE_VIEW_EVENT_TYPES.map((t) => `'${t}'`).join(', ');
  const conversions = CONVERSION_EVENT_TYPES.map((t) => `'${t}'`).join(', ');
  const own = !queryRunner.isTransactionActive;
  if (own) await queryRunner.startTransaction();
  try {
    for (const table of ['analytics_event_totals', 'analytics_people', 'analytics_people_hours', 'analytics_attribution']) {
      await queryRunner.query(`DELETE FROM ${table}`);
    }
    await queryRunner.query(
      'INSERT INTO analytics_event_totals (eventId, hour, eventType, isBot, events, anonymous) ' +
        `SELECT eventId, ${hour}, eventType, ${bot}, COUNT(*), SUM(CASE WHEN entityId IS NULL AND sessionId IS NULL THEN 1 ELSE 0 END) ` +
        `FROM analytics_events GROUP BY eventId, ${hour}, eventType, ${bot}`,
    );
    await queryRunner.query(
      'INSERT INTO analytics_people_hours (eventId, eventType, isBot, hour, personKey) ' +
        `SELECT DISTINCT eventId, eventType, ${bot}, ${hour}, ${person} FROM analytics_events WHERE entityId IS NOT NULL OR sessionId IS NOT NULL`,
    );
    await queryRunner.query(
      'INSERT INTO analytics_people (eventId, eventType, isBot, personKey) ' +
        'SELECT DISTINCT eventId, eventType, isBot, personKey FROM analytics_people_hours',
    );
    await queryRunner.query(
      'INSERT INTO analytics_attribution (eventId, hour, source, medium, campaign, pageViews, conversions) ' +
        `SELECT eventId, ${hour}, attributionSource, COALESCE(attributionMedium, ''), COALESCE(attributionCampaign, ''), ` +
        `SUM(CASE WHEN eventType IN (${views}) THEN 1 ELSE 0 END), SUM(CASE WHEN eventType IN (${conversions}) THEN 1 ELSE 0 END) ` +
        `FROM analytics_events WHERE eventType IN (${views}, ${conversions}) AND isBot = 0 AND attributionSource IS NOT NULL ` +
        `GROUP BY eventId, ${hour}, attributionSource, COALESCE(attributionMedium, ''), COALESCE(attributionCampaign, '')`,
    );
    if (own) await queryRunner.commitTransaction();
  } catch (error) {
    if (own) await queryRunner.rollbackTransaction();
    throw error;
  }
}

/** The hour (hours since 1970, UTC) an event at `at` is counted in. */
export function hourOf(at: Date): number {
  return Math.floor(at.getTime() / 3_600_000);
}
