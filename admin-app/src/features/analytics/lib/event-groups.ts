import type { AnalyticsEvent } from '@festival/contracts';

/** How many characters of a session id a group's label shows. */
export const SESSION_LABEL_LENGTH = 16;

export interface EventGroup {
  key: string;
  /** `Identified User`, or `Session:` and the first 16 characters of the session id. */
  label: string;
  identified: boolean;
  /** Newest first. */
  events: AnalyticsEvent[];
  name: string | null;
  email: string | null;
  phone: string | null;
}

const newestFirst = (a: AnalyticsEvent, b: AnalyticsEvent) => b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id);

const firstKnown = (events: AnalyticsEvent[], field: 'userName' | 'userEmail' | 'userPhone') =>
  events.find((e) => e[field])?.[field] ?? null;

/**
 * The event dialog's groups: by entityId, else sessionId, else the event itself (the same
 * grouping the summary counts people by). Each group's events are newest first, and the group
 * with the newest event comes first.
 */
export function groupEvents(events: readonly AnalyticsEvent[]): EventGroup[] {
  const groups = new Map<string, AnalyticsEvent[]>();
  for (const event of events) {
    const key = event.entityId ? `entity:${event.entityId}` : event.sessionId ? `session:${event.sessionId}` : `event:${event.id}`;
    const group = groups.get(key);
    if (group) group.push(event);
    else groups.set(key, [event]);
  }
  return [...groups.entries()]
    .map(([key, list]) => {
      const sorted = [...list].sort(newestFirst);
      const [newest] = sorted;
      const identified = newest.entityId !== null;
      return {
        key,
        label: identified ? 'Identified User' : `Session: ${(newest.sessionId ?? 'unknown').slice(0, SESSION_LABEL_LENGTH)}`,
        identified,
        events: sorted,
        name: firstKnown(sorted, 'userName'),
        email: firstKnown(sorted, 'userEmail'),
        phone: firstKnown(sorted, 'userPhone'),
      };
    })
    .sort((a, b) => newestFirst(a.events[0], b.events[0]));
}
