import type { EntityManager } from 'typeorm';

/** What makes an event someone's: its type, bot flag, and the order or session it belongs to. */
export interface EventPerson {
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

/**
 * Adds the people behind stored events to `analytics_people` (see its migration); one already
 * there is left as it is. Call it after the events themselves are stored.
 */
export async function recordPeople(manager: EntityManager, events: readonly EventPerson[]): Promise<void> {
  const rows = new Map<string, { eventType: string; isBot: number; personKey: string }>();
  for (const event of events) {
    const key = personKey(event);
    // SQLite binds no booleans: the flag is stored as 0 or 1 on both databases.
    if (key) rows.set(`${event.eventType}\n${Number(event.isBot)}\n${key}`, { eventType: event.eventType, isBot: event.isBot ? 1 : 0, personKey: key });
  }
  const values = [...rows.values()];
  for (let i = 0; i < values.length; i += 500) {
    await manager
      .createQueryBuilder()
      .insert()
      .into('analytics_people', ['eventType', 'isBot', 'personKey'])
      .values(values.slice(i, i + 500))
      .orIgnore()
      .updateEntity(false)
      .execute();
  }
}
