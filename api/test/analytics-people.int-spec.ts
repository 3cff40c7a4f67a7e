import type { AnalyticsEventRequest, AnalyticsEventsSummary } from '@festival/contracts';
import { seedDemoData } from '../src/demo/demo-seed.js';
import { fillAnalyticsCounters } from '../src/modules/analytics/analytics-counters-fill.js';
import { AnalyticsService } from '../src/modules/analytics/analytics.service.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

// The event dialog's header counts the people behind a step from `analytics_people`, kept as
// events are stored: these check it gives what grouping the events themselves gives.

const PASSWORD = 'analytics-people-staff-password';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let ipCounter = 0;

async function open(): Promise<{ t: TestApp; summary: (eventType: string) => Promise<AnalyticsEventsSummary> }> {
  const t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ANALYTICS_EVENTS_PER_MINUTE: '1000' });
  const login = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
  const cookie = ([] as string[])
    .concat(login.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('festival.sid='))!
    .split(';')[0];
  const summary = async (eventType: string) =>
    (await t.http.get(`/api/analytics/events/${eventType}/summary`).set('Cookie', cookie).expect(200)).body as AnalyticsEventsSummary;
  return { t, summary };
}

function send(t: TestApp, event: AnalyticsEventRequest | Record<string, unknown>, userAgent = BROWSER) {
  return t.http
    .post('/api/analytics')
    .set('X-Forwarded-For', `198.51.100.${(ipCounter += 1)}`)
    .set('User-Agent', userAgent)
    .send(event)
    .expect(204);
}

describe(`the people behind a step on ${TEST_DATABASE}`, () => {
  it('counts each visitor once, whichever way their events arrive', async () => {
    const { t, summary } = await open();
    const analytics = t.app.get(AnalyticsService);
    try {
      // Visitor A: a page view sent twice (a retry), and a page whose leave event arrives first.
      await send(t, { eventType: 'page_view', sessionId: 'session-people-a', pageViewId: 'view-people-a1' });
      await send(t, { eventType: 'page_view', sessionId: 'session-people-a', pageViewId: 'view-people-a1' });
      await send(t, {
        eventType: 'page_leave',
        sessionId: 'session-people-a',
        pageViewId: 'view-people-a2',
        pageEventType: 'page_view',
        scrollDepth: 40,
        timeOnPage: 9000,
      });
      await send(t, { eventType: 'page_view', sessionId: 'session-people-a', pageViewId: 'view-people-a2' });
      // Visitor B: two page views without view ids. A crawler: not counted.
      await send(t, { eventType: 'page_view', sessionId: 'session-people-b' });
      await send(t, { eventType: 'page_view', sessionId: 'session-people-b' });
      await send(t, { eventType: 'page_view', sessionId: 'session-people-bot' }, GOOGLEBOT);
      // One order recorded twice from two sessions is one buyer; an order of nobody known is its own.
      await analytics.recordServerEvent({ eventType: 'order_completed', sessionId: 'session-people-a', entityId: 'order-people-1' });
      await analytics.recordServerEvent({ eventType: 'order_completed', sessionId: 'session-people-b', entityId: 'order-people-1' });
      await analytics.recordServerEvent({ eventType: 'order_completed', sessionId: 'session-people-b', entityId: 'order-people-2' });
      await analytics.recordServerEvent({ eventType: 'order_completed', sessionId: null, entityId: null });

      expect(await summary('page_view')).toEqual({ eventType: 'page_view', totalEvents: 4, uniqueUsers: 2 });
      expect(await summary('order_completed')).toEqual({ eventType: 'order_completed', totalEvents: 4, uniqueUsers: 3 });
      expect(await summary('page_leave')).toEqual({ eventType: 'page_leave', totalEvents: 0, uniqueUsers: 0 });
    } finally {
      await t.close();
    }
  });

  it('fills in the people of events stored before they were kept, as its migration does', async () => {
    const { t, summary } = await open();
    try {
      // Events as an earlier version stored them: straight into the table, no people kept.
      const rows: [string, string | null, string | null, number][] = [
        ['party_page_view', 'session-old-1', null, 0],
        ['party_page_view', 'session-old-1', null, 0],
        ['party_page_view', 'session-old-2', null, 0],
        ['party_page_view', 'session-old-3', null, 1],
        ['party_page_view', null, null, 0],
        ['party_order_completed', 'session-old-1', 'ticket-old-1', 0],
        ['party_order_completed', 'session-old-2', 'ticket-old-1', 0],
      ];
      for (const [eventType, sessionId, entityId, isBot] of rows) {
        await t.dataSource.query('INSERT INTO analytics_events (eventType, sessionId, entityId, isBot, createdAt) VALUES (?, ?, ?, ?, ?)', [
          eventType,
          sessionId,
          entityId,
          isBot,
          '2025-10-01 12:00:00.000',
        ]);
      }
      // Counted as the seasons migration counts events stored before it.
      const runner = t.dataSource.createQueryRunner();
      try {
        await fillAnalyticsCounters(runner);
        await fillAnalyticsCounters(runner); // again: nothing counted twice
      } finally {
        await runner.release();
      }
      expect(await summary('party_page_view')).toEqual({ eventType: 'party_page_view', totalEvents: 4, uniqueUsers: 3 });
      expect(await summary('party_order_completed')).toEqual({ eventType: 'party_order_completed', totalEvents: 2, uniqueUsers: 1 });
    } finally {
      await t.close();
    }
  });

  it('gives the demo data the people that grouping its events gives', async () => {
    const { t, summary } = await open();
    try {
      expect((await seedDemoData(t.dataSource)).seeded).toBe(true);
      const types = (await t.dataSource.query('SELECT DISTINCT eventType FROM analytics_events ORDER BY eventType')) as {
        eventType: string;
      }[];
      expect(types.length).toBeGreaterThan(5);
      for (const { eventType } of types) {
        // The dialog's grouping, straight from the events: by entity, else session, else the event.
        const [grouped] = (await t.dataSource.query(
          `SELECT COUNT(*) AS total, COUNT(DISTINCT entityId) AS entities,
                  COUNT(DISTINCT CASE WHEN entityId IS NULL THEN sessionId END) AS sessions,
                  SUM(CASE WHEN entityId IS NULL AND sessionId IS NULL THEN 1 ELSE 0 END) AS anonymous
             FROM analytics_events WHERE eventType = ? AND isBot = 0`,
          [eventType],
        )) as Record<string, unknown>[];
        expect(await summary(eventType)).toEqual({
          eventType,
          totalEvents: Number(grouped.total),
          uniqueUsers: Number(grouped.entities) + Number(grouped.sessions) + Number(grouped.anonymous ?? 0),
        });
      }
    } finally {
      await t.close();
    }
  });
});
