import type { EntityManager } from 'typeorm';
import { hourOf } from './analytics-counters-fill.js';
import type { Statement } from './analytics-people.js';

/** The events counted per event, hour, type and bot flag (see the seasons migration): the funnel and the event dialog read these. */
export const TOTALS_TABLE = 'analytics_event_totals';

/** What of a stored event the totals count. */
export interface CountedEvent {
  eventId: number;
  createdAt: Date;
  eventType: string;
  isBot?: boolean | number | null;
  entityId?: string | null;
  sessionId?: string | null;
}

/**
 * The statement that adds events just inserted to the totals: one more event of its type and bot
 * flag, and one more anonymous one when it belongs to no order and no session (the event dialog
 * counts each of those as a person of its own). Run it only for the events the transaction
 * really inserted, in that transaction, so the totals never disagree with what was stored;
 * deleting old events (ANALYTICS_RETENTION_DAYS) leaves them as they are.
 */
export function totalsStatement(events: readonly CountedEvent[], mysql: boolean): Statement | null {
  const totals = new Map<string, { eventId: number; hour: number; eventType: string; isBot: number; events: number; anonymous: number }>();
  for (const event of events) {
    const isBot = event.isBot ? 1 : 0;
    const hour = hourOf(event.createdAt);
    const key = `${String(event.eventId).padStart(10, '0')}\n${String(hour).padStart(10, '0')}\n${event.eventType}\n${isBot}`;
    let total = totals.get(key);
    if (!total) totals.set(key, (total = { eventId: event.eventId, hour, eventType: event.eventType, isBot, events: 0, anonymous: 0 }));
    total.events += 1;
    if (!event.entityId && !event.sessionId) total.anonymous += 1;
  }
  if (totals.size === 0) return null;
  // In key order: transactions on two replicas then take the rows' locks in the same order.
  const rows = [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, t]) => t);
  const upsert = mysql
    ? 'ON DUPLICATE KEY UPDATE events = events + VALUES(events), anonymous = anonymous + VALUES(anonymous)'
    : 'ON CONFLICT (eventId, hour, eventType, isBot) DO UPDATE SET events = events + excluded.events, anonymous = anonymous + excluded.anonymous';
  return {
    sql: `INSERT INTO ${TOTALS_TABLE} (eventId, hour, eventType, isBot, events, anonymous) VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')} ${upsert}`,
    parameters: rows.flatMap((t) => [t.eventId, t.hour, t.eventType, t.isBot, t.events, t.anonymous]),
  };
}

/** Adds events just inserted to the totals, in their transaction (see totalsStatement). */
export async function recordTotals(manager: EntityManager, events: readonly CountedEvent[]): Promise<void> {
  const type = manager.connection.options.type;
  const statement = totalsStatement(events, type === 'mysql' || type === 'mariadb');
  if (statement) await manager.query(statement.sql, statement.parameters);
}
