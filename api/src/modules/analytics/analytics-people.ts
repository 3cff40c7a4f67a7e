import type { EntityManager } from 'typeorm';
import { hourOf } from './analytics-counters-fill.js';

/** What makes an event someone's: its type, bot flag, and the order or session it belongs to. */
export interface EventPerson {
  eventId: number;
  createdAt: Date;
  eventType: string;
  isBot: boolean;
  entityId?: string | null;
  sessionId?: string | null;
}

/**
 * The person behind an event, as the event dialog groups them: the entity (an order, a ticket)
 * when there is one, else the visitor's session; null for an event with neither.
 */
export function personKey(event: Pick<EventPerson, 'entityId' | 'sessionId'>): string | null {
  if (event.entityId) return `e:${event.entityId}`;
  if (event.sessionId) return `s:${event.sessionId}`;
  return null;
}

/** One statement and its parameters. */
export interface Statement {
  sql: string;
  parameters: unknown[];
}

/**
 * The statements that add the people behind stored events to \`analytics_people\` (per event
 * and step) and \`analytics_people_hours\` (per event, step and hour; see the seasons
 * migration), at most 500 rows each, in key order; one already there is left as it is.
 */
export function peopleStatements(events: readonly EventPerson[], mysql: boolean): Statement[] {
  const people = new Map<string, unknown[]>();
  const hours = new Map<string, unknown[]>();
  for (const event of events) {
    const key = personKey(event);
    if (!key) continue;
    // SQLite binds no booleans: the flag is stored as 0 or 1 on both databases.
    const bot = event.isBot ? 1 : 0;
    const hour = hourOf(event.createdAt);
    // The rows' keys, in the tables' key order.
    const step = `${String(event.eventId).padStart(10, '0')}\n${event.eventType}\n${bot}`;
    people.set(`${step}\n${key}`, [event.eventId, event.eventType, bot, key]);
    hours.set(`${step}\n${String(hour).padStart(10, '0')}\n${key}`, [event.eventId, event.eventType, bot, hour, key]);
  }
  const insert = mysql ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
  return [
    ...chunked(
      people,
      (n) => `${insert} INTO analytics_people (eventId, eventType, isBot, personKey) VALUES ${n.map(() => '(?, ?, ?, ?)').join(', ')}`,
    ),
    ...chunked(
      hours,
      (n) =>
        `${insert} INTO analytics_people_hours (eventId, eventType, isBot, hour, personKey) VALUES ${n.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
    ),
  ];
}

/** Rows in key order (transactions on two replicas then take the rows' locks in the same order), 500 a statement. */
function chunked(rows: Map<string, unknown[]>, sql: (chunk: unknown[][]) => string): Statement[] {
  const values = [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  const statements: Statement[] = [];
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500);
    statements.push({ sql: sql(chunk), parameters: chunk.flat() });
  }
  return statements;
}

/**
 * Adds the people behind stored events to `analytics_people`; one already there is left as it
 * is. Call it after the events themselves are stored, in their transaction.
 */
export async function recordPeople(manager: EntityManager, events: readonly EventPerson[]): Promise<void> {
  const type = manager.connection.options.type;
  for (const { sql, parameters } of peopleStatements(events, type === 'mysql' || type === 'mariadb')) await manager.query(sql, parameters);
}
