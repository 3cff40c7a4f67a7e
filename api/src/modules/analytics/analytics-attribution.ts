import type { EntityManager } from 'typeorm';
import { CONVERSION_EVENT_TYPES, PAGE_VIEW_EVENT_TYPES } from '@festival/contracts';

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
  eventType: string;
  isBot?: boolean | number | null;
  attributionSource?: string | null;
  attributionMedium?: string | null;
  attributionCampaign?: string | null;
}

interface Counter {
  source: string;
  medium: string;
  campaign: string;
  pageViews: number;
  conversions: number;
}

/**
 * Adds events just inserted to the attribution counters, in the transaction that inserted them:
 * page views and conversions of visitors (not bots) with a source, as the report has always
 * counted them. Call it only with the events the statement really inserted (not a page view
 * that was already there), and in the same transaction, so the counters can never disagree
 * with the events.
 */
export async function recordAttribution(manager: EntityManager, events: readonly AttributedEvent[]): Promise<void> {
  const counters = new Map<string, Counter>();
  for (const event of events) {
    if (event.isBot || !event.attributionSource) continue;
    const view = PAGE_VIEWS.has(event.eventType);
    if (!view && !CONVERSIONS.has(event.eventType)) continue;
    const medium = event.attributionMedium ?? '';
    const campaign = event.attributionCampaign ?? NO_CAMPAIGN;
    const key = `${event.attributionSource}\n${medium}\n${campaign}`;
    let counter = counters.get(key);
    if (!counter) counters.set(key, (counter = { source: event.attributionSource, medium, campaign, pageViews: 0, conversions: 0 }));
    if (view) counter.pageViews += 1;
    else counter.conversions += 1;
  }
  if (counters.size === 0) return;
  // In key order: transactions on two replicas then take the counters' row locks in the same order.
  const rows = [...counters.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
  const type = manager.connection.options.type;
  const mysql = type === 'mysql' || type === 'mariadb';
  const upsert = mysql
    ? 'ON DUPLICATE KEY UPDATE pageViews = pageViews + VALUES(pageViews), conversions = conversions + VALUES(conversions)'
    : 'ON CONFLICT (source, medium, campaign) DO UPDATE SET pageViews = pageViews + excluded.pageViews, conversions = conversions + excluded.conversions';
  await manager.query(
    `INSERT INTO ${ATTRIBUTION_TABLE} (source, medium, campaign, pageViews, conversions) VALUES ${rows.map(() => '(?, ?, ?, ?, ?)').join(', ')} ${upsert}`,
    rows.flatMap((c) => [c.source, c.medium, c.campaign, c.pageViews, c.conversions]),
  );
}
