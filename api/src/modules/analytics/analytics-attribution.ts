import type { EntityManager } from 'typeorm';
import { CONVERSION_EVENT_TYPES, PAGE_VIEW_EVENT_TYPES } from '@festival/contracts';
import { hourOf } from './analytics-counters-fill.js';
import type { Statement } from './analytics-people.js';

/** The page views and conversions per source, medium and campaign (see its migration). */
export const ATTRIBUTION_TABLE = 'analytics_attribution';

/**
 * How "no campaign" is kept in the counters: a key column cannot be NULL, and a stored campaign
 * is never empty (normaliseAttribution makes an empty one null).
 */
export const NO_CAMPAIGN = '';

const PAGE_VIEWS: ReadonlySet<string> = new Set(PAGE_VIEW_EVENT_TYPES);
const CONVERSIONS: ReadonlySet<string> = new Set(CONVERSION_EVENT_TYPES);

/** What of a stored event the attribution report counts. */
export interface AttributedEvent {
  eventId: number;
  createdAt: Date;
  eventType: string;
  isBot?: boolean | number | null;
  attributionSource?: string | null;
  attributionMedium?: string | null;
  attributionCampaign?: string | null;
}

interface Counter {
  eventId: number;
  hour: number;
  source: string;
  medium: string;
  campaign: string;
  pageViews: number;
  conversions: number;
}

/**
 * The statement that adds events just inserted to the attribution counters (none when none of
 * them counts): page views and conversions of visitors (not bots) with a source, as the report
 * has always counted them. Run it only for the events the transaction really inserted (not a
 * page view that was already there), in that transaction, so the counters can never disagree
 * with the events.
 */
export function attributionStatement(events: readonly AttributedEvent[], mysql: boolean): Statement | null {
  const counters = new Map<string, Counter>();
  for (const event of events) {
    if (event.isBot || !event.attributionSource) continue;
    const view = PAGE_VIEWS.has(event.eventType);
    if (!view && !CONVERSIONS.has(event.eventType)) continue;
    const medium = event.attributionMedium ?? '';
    const campaign = event.attributionCampaign ?? NO_CAMPAIGN;
    const hour = hourOf(event.createdAt);
    const key = `${String(event.eventId).padStart(10, '0')}\n${String(hour).padStart(10, '0')}\n${event.attributionSource}\n${medium}\n${campaign}`;
    let counter = counters.get(key);
    if (!counter) {
      counter = { eventId: event.eventId, hour, source: event.attributionSource, medium, campaign, pageViews: 0, conversions: 0 };
      counters.set(key, counter);
    }
    if (view) counter.pageViews += 1;
    else counter.conversions += 1;
  }
  if (counters.size === 0) return null;
  // In key order: transactions on two replicas then take the counters' row locks in the same order.
  const rows = [...counters.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
  const upsert = mysql
    ? 'ON DUPLICATE KEY UPDATE pageViews = pageViews + VALUES(pageViews), conversions = conversions + VALUES(conversions)'
    : 'ON CONFLICT (eventId, hour, source, medium, campaign) DO UPDATE SET pageViews = pageViews + excluded.pageViews, conversions = conversions + excluded.conversions';
  return {
    sql: `INSERT INTO ${ATTRIBUTION_TABLE} (eventId, hour, source, medium, campaign, pageViews, conversions) VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')} ${upsert}`,
    parameters: rows.flatMap((c) => [c.eventId, c.hour, c.source, c.medium, c.campaign, c.pageViews, c.conversions]),
  };
}

/** Adds events just inserted to the attribution counters, in their transaction (see attributionStatement). */
export async function recordAttribution(manager: EntityManager, events: readonly AttributedEvent[]): Promise<void> {
  const type = manager.connection.options.type;
  const statement = attributionStatement(events, type === 'mysql' || type === 'mariadb');
  if (statement) await manager.query(statement.sql, statement.parameters);
}
