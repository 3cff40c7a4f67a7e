import type { AnalyticsEventRequest, AttributionRow } from '@festival/contracts';
import { seedDemoData } from '../src/demo/demo-seed.js';
import { fillAnalyticsCounters } from '../src/modules/analytics/analytics-counters-fill.js';
import { AnalyticsService } from '../src/modules/analytics/analytics.service.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

// The attribution report reads counters kept in the transaction that stores the events: these
// check it gives what grouping the events themselves gives, however the events arrived.

const PASSWORD = 'analytics-attribution-staff-password';
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let ipCounter = 0;

async function open(): Promise<{ t: TestApp; attribution: () => Promise<AttributionRow[]> }> {
  const t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ANALYTICS_EVENTS_PER_MINUTE: '1000' });
  const login = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
  const cookie = ([] as string[])
    .concat(login.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('festival.sid='))!
    .split(';')[0];
  const attribution = async () =>
    (await t.http.get('/api/analytics/attribution').set('Cookie', cookie).expect(200)).body as AttributionRow[];
  return { t, attribution };
}

function send(t: TestApp, event: AnalyticsEventRequest | Record<string, unknown>, userAgent = BROWSER) {
  return t.http
    .post('/api/analytics')
    .set('X-Forwarded-For', `203.0.113.${(ipCounter = (ipCounter % 250) + 1)}`)
    .set('User-Agent', userAgent)
    .send(event);
}

/** The report as a plain GROUP BY over the events gives it, in the report's order. */
async function groupedEvents(t: TestApp): Promise<AttributionRow[]> {
  const rows = (await t.dataSource.query(
    `SELECT attributionSource AS source, attributionMedium AS medium, attributionCampaign AS campaign,
            SUM(CASE WHEN eventType IN ('page_view', 'party_page_view') THEN 1 ELSE 0 END) AS pageViews,
            SUM(CASE WHEN eventType IN ('order_completed', 'party_order_completed') THEN 1 ELSE 0 END) AS conversions
       FROM analytics_events
      WHERE eventType IN ('page_view', 'party_page_view', 'order_completed', 'party_order_completed')
        AND isBot = 0 AND attributionSource IS NOT NULL
      GROUP BY attributionSource, attributionMedium, attributionCampaign`,
  )) as Record<string, unknown>[];
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows
    .map((r) => ({
      source: String(r.source),
      medium: String(r.medium),
      campaign: r.campaign === null ? null : String(r.campaign),
      pageViews: Number(r.pageViews),
      conversions: Number(r.conversions),
    }))
    .sort(
      (a, b) =>
        b.pageViews - a.pageViews ||
        b.conversions - a.conversions ||
        compare(a.source, b.source) ||
        compare(a.medium, b.medium) ||
        compare(a.campaign ?? '', b.campaign ?? ''),
    );
}

async function eventCount(t: TestApp): Promise<number> {
  const [row] = (await t.dataSource.query('SELECT COUNT(*) AS n FROM analytics_events')) as { n: unknown }[];
  return Number(row.n);
}

/** Undoes the migrations applied last, down to and including `name`. */
async function undoMigrationsThrough(t: TestApp, name: string): Promise<void> {
  for (;;) {
    const [last] = (await t.dataSource.query('SELECT name FROM migrations ORDER BY id DESC LIMIT 1')) as { name: string }[];
    await t.dataSource.undoLastMigration();
    if (last.name === name) return;
  }
}

describe(`the attribution counters on ${TEST_DATABASE}`, () => {
  it('give what grouping the events gives, for every way events arrive', async () => {
    const { t, attribution } = await open();
    const analytics = t.app.get(AnalyticsService);
    try {
      const utm = (source: string | null, medium: string | null, campaign: string | null) => ({
        utmSource: source,
        utmMedium: medium,
        utmCampaign: campaign,
      });
      const visitors: { sessionId: string; fields: Record<string, unknown>; bot?: boolean }[] = [
        { sessionId: 'session-attr-fb-1', fields: utm('facebook', 'social', 'diwali2024') },
        { sessionId: 'session-attr-fb-2', fields: utm('Facebook ', 'Social', 'Diwali2024') }, // the same source, normalised
        { sessionId: 'session-attr-ig-1', fields: utm('instagram', 'social', null) },
        { sessionId: 'session-attr-mail', fields: utm('newsletter', 'email', 'promo_7') },
        { sessionId: 'session-attr-half', fields: utm('whatsapp', null, null) },
        { sessionId: 'session-attr-ref', fields: { referrer: 'https://www.google.com/search?q=diwali' } },
        { sessionId: 'session-attr-ref-campaign', fields: { referrer: 'https://yelp.com/biz/x', utmCampaign: 'reviews' } },
        { sessionId: 'session-attr-direct', fields: {} },
        { sessionId: 'session-attr-bot', fields: utm('facebook', 'social', 'diwali2024'), bot: true },
      ];
      const sends: Promise<unknown>[] = [];
      const expectNoContent = (p: ReturnType<typeof send>) => sends.push(p.expect(204));
      // All at once, so the writer groups them, duplicates and leave events in the same groups.
      for (const [n, { sessionId, fields, bot }] of visitors.entries()) {
        const ua = bot ? GOOGLEBOT : BROWSER;
        const event = (eventType: string, extra: Record<string, unknown> = {}) =>
          expectNoContent(send(t, { eventType, sessionId, ...fields, ...extra }, ua));
        event('page_view', { pageViewId: `view-attr-${n}-a` });
        event('page_view', { pageViewId: `view-attr-${n}-a` }); // sent twice: one view
        event('page_leave', { pageViewId: `view-attr-${n}-a`, pageEventType: 'page_view', scrollDepth: 50, timeOnPage: 4000 });
        // A leave event that arrives before its page view: one view, whichever order.
        event('page_leave', { pageViewId: `view-attr-${n}-b`, pageEventType: 'party_page_view', scrollDepth: 80, timeOnPage: 9000 });
        event('party_page_view', { pageViewId: `view-attr-${n}-b` });
        // Page views without view ids, and events that are not counted.
        if (n % 2 === 0) event('page_view');
        event('party_add_to_cart');
        if (n % 3 === 0) event('catering_clicked');
      }
      // Leave-only page views, and views sent again, one group after another.
      await Promise.all(sends.splice(0));
      for (const [n, { sessionId, fields, bot }] of visitors.entries()) {
        const ua = bot ? GOOGLEBOT : BROWSER;
        await send(t, { eventType: 'page_view', sessionId, ...fields, pageViewId: `view-attr-${n}-a` }, ua).expect(204);
        await send(
          t,
          { eventType: 'page_leave', sessionId, ...fields, pageViewId: `view-attr-${n}-c`, pageEventType: 'page_view', timeOnPage: 1000 },
          ua,
        ).expect(204);
      }
      // Conversions, credited to their session's attribution; one of nobody known; one of a crawler's session.
      await analytics.recordServerEvent({ eventType: 'order_completed', sessionId: 'session-attr-fb-1', entityId: 'order-attr-1' });
      await analytics.recordServerEvent({ eventType: 'party_order_completed', sessionId: 'session-attr-fb-2', entityId: 'ticket-attr-1' });
      await analytics.recordServerEvent({ eventType: 'party_order_completed', sessionId: 'session-attr-ig-1', entityId: 'ticket-attr-2' });
      await analytics.recordServerEvent({ eventType: 'order_completed', sessionId: 'session-attr-direct', entityId: 'order-attr-2' });
      await analytics.recordServerEvent({ eventType: 'order_completed', sessionId: null, entityId: 'order-attr-3' });
      await analytics.recordServerEvent({ eventType: 'order_completed', sessionId: 'session-attr-bot', entityId: 'order-attr-4' });

      const expected = await groupedEvents(t);
      expect(expected.length).toBe(7); // eight visitors, two of them from one source
      expect(expected.find((r) => r.source === 'facebook' && r.campaign === 'diwali2024')).toEqual({
        source: 'facebook',
        medium: 'social',
        campaign: 'diwali2024',
        pageViews: 2 * 3 + 1, // two visitors: a, b, c each once, and one view without an id
        conversions: 2,
      });
      expect(await attribution()).toEqual(expected);
    } finally {
      await t.close();
    }
  });

  it('stores no event whose counters could not be written', async () => {
    const { t, attribution } = await open();
    try {
      await send(t, { eventType: 'page_view', sessionId: 'session-attr-kept', pageViewId: 'view-attr-kept', utmSource: 'sms' }).expect(204);
      const before = await eventCount(t);
      await t.dataSource.query('ALTER TABLE analytics_attribution RENAME TO analytics_attribution_away');
      const failed = await Promise.all([
        send(t, { eventType: 'page_view', sessionId: 'session-attr-lost', pageViewId: 'view-attr-lost-1', utmSource: 'sms' }),
        send(t, { eventType: 'page_leave', sessionId: 'session-attr-lost', pageViewId: 'view-attr-lost-2', pageEventType: 'page_view' }),
        send(t, { eventType: 'page_view', sessionId: 'session-attr-lost' }),
      ]);
      for (const answer of failed) expect(answer.status).toBeGreaterThanOrEqual(500);
      await t.dataSource.query('ALTER TABLE analytics_attribution_away RENAME TO analytics_attribution');
      expect(await eventCount(t)).toBe(before);
      expect(await attribution()).toEqual(await groupedEvents(t));
    } finally {
      await t.close();
    }
  });

  it('are filled from the events already stored by their migration, and filled again the same', async () => {
    const { t, attribution } = await open();
    try {
      await send(t, {
        eventType: 'page_view',
        sessionId: 'session-attr-new',
        pageViewId: 'view-attr-new',
        utmSource: 'email',
        utmMedium: 'email',
      }).expect(204);
      // Back to the schema before the counters (undoing every later migration, then the
      // counters), and events as an earlier version stored them.
      await undoMigrationsThrough(t, 'AnalyticsAttribution1761000600000');
      const [{ n: tables }] = (await t.dataSource.query(
        TEST_DATABASE === 'mysql'
          ? "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'analytics_attribution'"
          : "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'analytics_attribution'",
      )) as { n: unknown }[];
      expect(Number(tables)).toBe(0);
      const rows: [string, number, string | null, string | null, string | null][] = [
        ['page_view', 0, 'facebook', 'social', 'diwali2024'],
        ['page_view', 0, 'facebook', 'social', 'diwali2024'],
        ['party_page_view', 0, 'facebook', 'social', null],
        ['page_view', 1, 'facebook', 'social', 'diwali2024'],
        ['party_order_completed', 0, 'facebook', 'social', null],
        ['order_completed', 0, 'direct', 'none', null],
        ['add_to_cart', 0, 'direct', 'none', null],
        ['page_view', 0, null, null, null],
      ];
      for (const [eventType, isBot, source, medium, campaign] of rows) {
        await t.dataSource.query(
          'INSERT INTO analytics_events (eventType, isBot, createdAt, attributionSource, attributionMedium, attributionCampaign) VALUES (?, ?, ?, ?, ?, ?)',
          [eventType, isBot, '2025-10-01 12:00:00.000', source, medium, campaign],
        );
      }
      await t.dataSource.runMigrations();
      const expected = await groupedEvents(t);
      expect(expected).toEqual([
        { source: 'facebook', medium: 'social', campaign: 'diwali2024', pageViews: 2, conversions: 0 },
        { source: 'facebook', medium: 'social', campaign: null, pageViews: 1, conversions: 1 },
        { source: 'email', medium: 'email', campaign: null, pageViews: 1, conversions: 0 },
        { source: 'direct', medium: 'none', campaign: null, pageViews: 0, conversions: 1 },
      ]);
      expect(await attribution()).toEqual(expected);

      const runner = t.dataSource.createQueryRunner();
      try {
        await fillAnalyticsCounters(runner);
        await fillAnalyticsCounters(runner); // again: nothing counted twice
      } finally {
        await runner.release();
      }
      expect(await attribution()).toEqual(expected);
    } finally {
      await t.close();
    }
  });

  it('give the demo data what grouping its events gives', async () => {
    const { t, attribution } = await open();
    try {
      expect((await seedDemoData(t.dataSource)).seeded).toBe(true);
      const expected = await groupedEvents(t);
      expect(expected.length).toBeGreaterThan(5);
      expect(await attribution()).toEqual(expected);
    } finally {
      await t.close();
    }
  });
});
