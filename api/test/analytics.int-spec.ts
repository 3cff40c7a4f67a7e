import type { AnalyticsEvent, AnalyticsEventRequest } from '@festival/contracts';
import { AnalyticsService } from '../src/modules/analytics/analytics.service.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'analytics-staff-password';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** A public address the offline GeoIP database places in Newmarket, England. */
const PUBLIC_IP = '81.2.69.160';

let ipCounter = 0;
/** A distinct documentation-range address per sender, so tests do not share a rate limit. */
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

async function staffCookie(t: TestApp): Promise<string> {
  const res = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((c) => c.startsWith('festival.sid='))!.split(';')[0];
}

function send(t: TestApp, event: unknown, options: { ip?: string; userAgent?: string } = {}) {
  return t.http
    .post('/api/analytics')
    .set('X-Forwarded-For', options.ip ?? nextIp())
    .set('User-Agent', options.userAgent ?? BROWSER)
    .send(event as object);
}

function pageView(sessionId: string, fields: Partial<AnalyticsEventRequest> = {}): AnalyticsEventRequest {
  return { eventType: 'page_view', sessionId, ...fields };
}

async function rowCount(t: TestApp): Promise<number> {
  const [row] = (await t.dataSource.query('SELECT COUNT(*) AS n FROM analytics_events')) as { n: unknown }[];
  return Number(row.n);
}

/** Retries an assertion until it holds (work the API finishes after answering). */
async function eventually(assertion: () => Promise<void>, timeoutMs = 4_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe(`analytics ingest on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let cookie: string;
  const eventsOf = async (eventType: string, query = ''): Promise<AnalyticsEvent[]> =>
    (await t.http.get(`/api/analytics/events/${eventType}${query}`).set('Cookie', cookie).expect(200)).body as AnalyticsEvent[];

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ANALYTICS_EVENTS_PER_MINUTE: '1000' });
    cookie = await staffCookie(t);
  });
  afterAll(() => t.close());

  it('stores a page view with the server time, the forwarded IP without its last byte, the user agent and its place', async () => {
    const before = Date.now();
    await send(
      t,
      pageView('session-geo-0001', {
        utmSource: 'facebook',
        utmMedium: 'social',
        utmCampaign: 'diwali2024',
        createdAt: '2001-01-01',
      } as object),
      // As nginx passes it on: what the client claimed, then the address nginx saw. Only the
      // hops the API trusts (the proxy) are skipped, so a forged first entry is ignored.
      { ip: `6.6.6.6, ${PUBLIC_IP}` },
    ).expect(204);
    await eventually(async () => {
      const [event] = (await eventsOf('page_view')).filter((e) => e.sessionId === 'session-geo-0001');
      expect(event).toMatchObject({
        eventType: 'page_view',
        // The place comes from the whole address; the address is kept without its host part.
        ipAddress: '81.2.69.0',
        userAgent: BROWSER,
        geoCity: 'Newmarket',
        geoRegion: 'ENG',
        geoCountry: 'GB',
        utmSource: 'facebook',
        utmMedium: 'social',
        utmCampaign: 'diwali2024',
      });
      expect(event.geoLatitude).toBeCloseTo(52.2264, 4);
      expect(event.geoLongitude).toBeCloseTo(0.4841, 4);
      expect(Date.parse(event.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(event.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
    });
  });

  it('leaves the place empty for a private address', async () => {
    await send(t, pageView('session-private-1'), { ip: '10.1.2.3' }).expect(204);
    const [event] = (await eventsOf('page_view')).filter((e) => e.sessionId === 'session-private-1');
    expect(event).toMatchObject({ ipAddress: '10.1.2.0', geoCity: null, geoCountry: null, geoLatitude: null });
  });

  it('stores every event of a burst the moment it answers 204, page views with their leave events, and a bad one alone fails', async () => {
    const before = await rowCount(t);
    const views = Array.from({ length: 60 }, (_, i) => pageView('session-burst-1', { pageViewId: `burst-view-${i}` }));
    const leaves = views.slice(0, 20).map((v) => ({
      eventType: 'page_leave',
      sessionId: 'session-burst-1',
      pageViewId: v.pageViewId,
      pageEventType: 'page_view',
      scrollDepth: 80,
      timeOnPage: 5000,
    }));
    const answers = await Promise.all([...views, ...leaves].map((event) => send(t, event)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 204));
    // Acknowledged means stored: counted straight after the last 204, with nothing left to wait for.
    expect(await rowCount(t)).toBe(before + 60);
    const [row] = (await t.dataSource.query('SELECT scrollDepth AS depth FROM analytics_events WHERE pageViewId = ?', [
      'burst-view-0',
    ])) as { depth: unknown }[];
    expect(Number(row.depth)).toBe(80);
  });

  it('stores an event sent with a staff session the same way (the full application path)', async () => {
    await send(t, pageView('session-staff-1', { pageViewId: 'staff-view-000001' }))
      .set('Cookie', cookie)
      .expect(204);
    const [row] = (await t.dataSource.query('SELECT COUNT(*) AS n FROM analytics_events WHERE pageViewId = ?', ['staff-view-000001'])) as {
      n: unknown;
    }[];
    expect(Number(row.n)).toBe(1);
  });

  it('accepts a beacon: the same JSON sent as text/plain', async () => {
    await t.http
      .post('/api/analytics')
      .set('X-Forwarded-For', nextIp())
      .set('User-Agent', BROWSER)
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send(
        JSON.stringify({
          eventType: 'catering_clicked',
          sessionId: 'session-beacon-1',
          metadata: { phone_number: '(408) 555-0142', source: 'catering_card' },
        }),
      )
      .expect(204);
    const [event] = (await eventsOf('catering_clicked')).filter((e) => e.sessionId === 'session-beacon-1');
    expect(event.metadata).toEqual({ phone_number: '(408) 555-0142', source: 'catering_card' });
  });

  it("writes the leave event's behaviour onto its page view, whichever arrives first, and counts a view once", async () => {
    const behaviour = {
      scrollDepth: 64,
      timeOnPage: 12_345,
      pageSections: { hero: { count: 1, visibleMs: 4000 }, packs: { count: 2, visibleMs: 7000 } },
    };
    const leave = (sessionId: string, pageViewId: string) => ({
      eventType: 'page_leave',
      sessionId,
      pageViewId,
      pageEventType: 'page_view',
      ...behaviour,
    });

    await send(t, pageView('session-leave-1', { pageViewId: 'view-leave-1' })).expect(204);
    await send(t, leave('session-leave-1', 'view-leave-1')).expect(204);
    // A later leave of the same view (the visitor came back, then left again) updates it.
    await send(t, { ...leave('session-leave-1', 'view-leave-1'), scrollDepth: 80 }).expect(204);
    // The view's own event sent again (a retry) is not a second view.
    await send(t, pageView('session-leave-1', { pageViewId: 'view-leave-1' })).expect(204);

    // The leave event first, then its page view.
    await send(t, leave('session-leave-2', 'view-leave-2')).expect(204);
    await send(t, pageView('session-leave-2', { pageViewId: 'view-leave-2' })).expect(204);

    const views = await eventsOf('page_view');
    const first = views.filter((e) => e.sessionId === 'session-leave-1');
    const second = views.filter((e) => e.sessionId === 'session-leave-2');
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(first[0]).toMatchObject({ ...behaviour, scrollDepth: 80 });
    expect(second[0]).toMatchObject(behaviour);
    expect(await eventsOf('page_leave')).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"eventType": ', 'application/json', /Malformed JSON/],
    ['an empty body', '', 'application/json', /eventType/],
    ['an unknown event type', JSON.stringify({ eventType: 'drop_tables', sessionId: 'session-junk-1' }), 'application/json', /eventType/],
    [
      'a conversion from a browser',
      JSON.stringify({ eventType: 'order_completed', sessionId: 'session-junk-1' }),
      'application/json',
      /recorded by the server/,
    ],
    [
      'a wrongly typed field',
      JSON.stringify({ eventType: 'page_view', sessionId: 'session-junk-1', scrollDepth: 'deep' }),
      'application/json',
      /scrollDepth/,
    ],
    [
      'a leave event without its page view',
      JSON.stringify({ eventType: 'page_leave', sessionId: 'session-junk-1' }),
      'application/json',
      /pageViewId/,
    ],
    [
      'an oversized event',
      JSON.stringify({ eventType: 'page_view', sessionId: 'session-junk-1', padding: 'x'.repeat(20_000) }),
      'application/json',
      /too large/,
    ],
    [
      'an oversized beacon',
      JSON.stringify({ eventType: 'page_view', sessionId: 'session-junk-1', padding: 'x'.repeat(40_000) }),
      'text/plain',
      /too large/,
    ],
    ['a beacon that is not JSON', 'hello', 'text/plain', /Malformed JSON/],
  ])('refuses %s with a 400 and stores nothing', async (_name, body, contentType, message) => {
    const before = await rowCount(t);
    const res = await t.http
      .post('/api/analytics')
      .set('X-Forwarded-For', nextIp())
      .set('User-Agent', BROWSER)
      .set('Content-Type', contentType)
      .send(body)
      .expect(400);
    expect(res.body.message).toMatch(message);
    expect(await rowCount(t)).toBe(before);
  });

  it('stores a bot visit flagged, and leaves it out of every report', async () => {
    await send(t, pageView('session-bot-0001', { utmSource: 'botnet', utmMedium: 'crawl' }), { userAgent: GOOGLEBOT }).expect(204);
    const [stored] = (await t.dataSource.query('SELECT isBot FROM analytics_events WHERE sessionId = ?', ['session-bot-0001'])) as {
      isBot: unknown;
    }[];
    expect(Number(stored.isBot)).toBe(1);

    expect((await eventsOf('page_view')).filter((e) => e.sessionId === 'session-bot-0001')).toEqual([]);
    const attribution = (await t.http.get('/api/analytics/attribution').set('Cookie', cookie).expect(200)).body as { source: string }[];
    expect(attribution.map((r) => r.source)).not.toContain('botnet');
  });

  it('refuses a malformed event type or page cursor on the read side with a 400', async () => {
    await t.http.get('/api/analytics/events/Page-View').set('Cookie', cookie).expect(400);
    await t.http.get('/api/analytics/events/page_view?limit=0').set('Cookie', cookie).expect(400);
    await t.http.get('/api/analytics/events/page_view?before=abc').set('Cookie', cookie).expect(400);
  });

  it('keeps the reports for the staff: 401 without a session', async () => {
    for (const path of [
      '/api/analytics/funnel',
      '/api/analytics/attribution',
      '/api/analytics/events/page_view',
      '/api/analytics/events/page_view/summary',
    ]) {
      await t.http.get(path).expect(401);
    }
  });
});

describe(`analytics rate limit on ${TEST_DATABASE}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ANALYTICS_EVENTS_PER_MINUTE: '5', LOGIN_ATTEMPTS_PER_15_MINUTES: '2' });
  });
  afterAll(() => t.close());

  it('answers a flood from one address with 429 and Retry-After, and stores only what it allowed', async () => {
    const flooder = '203.0.113.9';
    for (let i = 0; i < 5; i += 1) await send(t, pageView('session-flood-1'), { ip: flooder }).expect(204);
    const limited = await send(t, pageView('session-flood-1'), { ip: flooder }).expect(429);
    expect(limited.body).toEqual({ message: 'Too many analytics events from this address. Please slow down.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowCount(t)).toBe(5);

    // Other visitors are not affected.
    await send(t, pageView('session-other-1'), { ip: '203.0.113.10' }).expect(204);
  });

  it('keeps its limit and the staff login limit apart', async () => {
    const address = '203.0.113.20';
    for (let i = 0; i < 5; i += 1) await send(t, pageView('session-apart-1'), { ip: address }).expect(204);
    await send(t, pageView('session-apart-1'), { ip: address }).expect(429);
    // The analytics flood did not use up the login attempts of that address...
    await t.http.post('/api/admin/login').set('X-Forwarded-For', address).send({ password: PASSWORD }).expect(200);

    // ...and used-up login attempts do not block analytics.
    const other = '203.0.113.21';
    await t.http.post('/api/admin/login').set('X-Forwarded-For', other).send({ password: 'wrong' }).expect(401);
    await t.http.post('/api/admin/login').set('X-Forwarded-For', other).send({ password: 'wrong' }).expect(401);
    await t.http.post('/api/admin/login').set('X-Forwarded-For', other).send({ password: PASSWORD }).expect(429);
    await send(t, pageView('session-apart-2'), { ip: other }).expect(204);
  });
});

describe(`analytics reports on a crafted data set on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let cookie: string;
  const get = async <T>(path: string): Promise<T> => (await t.http.get(path).set('Cookie', cookie).expect(200)).body as T;
  const facebook = { utmSource: 'facebook', utmMedium: 'social', utmCampaign: 'diwali2024' };
  const direct = { utmSource: 'direct', utmMedium: 'none' };
  const instagram = { utmSource: 'Instagram', utmMedium: 'Social ', utmCampaign: 'diwali_party_2024' };

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ANALYTICS_EVENTS_PER_MINUTE: '1000' });
    cookie = await staffCookie(t);
    const analytics = t.app.get(AnalyticsService);
    const events: [AnalyticsEventRequest, string?][] = [
      // A Facebook visitor: two page views, a cart, a checkout, then an order.
      [pageView('session-fb-0001', facebook)],
      [pageView('session-fb-0001', facebook)],
      [{ eventType: 'add_to_cart', sessionId: 'session-fb-0001', ...facebook }],
      [{ eventType: 'checkout_started', sessionId: 'session-fb-0001', ...facebook }],
      // Another Facebook visitor who only looks, and calls for catering.
      [pageView('session-fb-0002', facebook)],
      [
        {
          eventType: 'catering_clicked',
          sessionId: 'session-fb-0002',
          ...facebook,
          metadata: { phone_number: '(408) 555-0142', source: 'catering_card' },
        },
      ],
      // A direct visitor who buys party tickets.
      [pageView('session-direct-1', direct)],
      [{ eventType: 'party_page_view', sessionId: 'session-direct-1', ...direct }],
      [{ eventType: 'party_add_to_cart', sessionId: 'session-direct-1', ...direct }],
      [{ eventType: 'party_checkout_started', sessionId: 'session-direct-1', ...direct }],
      // A visitor from a search engine, with a referrer and no utm parameters.
      [pageView('session-search-1', { referrer: 'https://www.google.com/search?q=diwali+party' })],
      // An Instagram party link, written in another case: the same source.
      [{ eventType: 'party_page_view', sessionId: 'session-insta-1', ...instagram }],
      // A crawler following the Facebook link: not counted anywhere.
      [pageView('session-bot-0002', facebook), GOOGLEBOT],
      [{ eventType: 'party_page_view', sessionId: 'session-bot-0002', ...facebook }, GOOGLEBOT],
    ];
    for (const [event, userAgent] of events) await send(t, event, { userAgent }).expect(204);

    await analytics.recordServerEvent({
      eventType: 'order_completed',
      sessionId: 'session-fb-0001',
      entityId: 'order-0001',
      userName: 'Asha Rao',
    });
    await analytics.recordServerEvent({ eventType: 'party_order_completed', sessionId: 'session-direct-1', entityId: 'ticket-0001' });
    await analytics.recordServerEvent({ eventType: 'party_order_completed', sessionId: 'session-insta-1', entityId: 'ticket-0002' });
    // A purchase whose browser sent no analytics: counted as an order, credited to no source.
    await analytics.recordServerEvent({ eventType: 'order_completed', sessionId: null, entityId: 'order-0002' });
  });
  afterAll(() => t.close());

  it('counts each funnel step, bots left out', async () => {
    expect(await get('/api/analytics/funnel')).toEqual([
      { eventType: 'page_view', count: 5 },
      { eventType: 'add_to_cart', count: 1 },
      { eventType: 'checkout_started', count: 1 },
      { eventType: 'order_completed', count: 2 },
      { eventType: 'party_page_view', count: 2 },
      { eventType: 'party_add_to_cart', count: 1 },
      { eventType: 'party_checkout_started', count: 1 },
      { eventType: 'party_order_completed', count: 2 },
      { eventType: 'catering_clicked', count: 1 },
    ]);
  });

  it('credits page views and conversions to the source of their session', async () => {
    expect(await get('/api/analytics/attribution')).toEqual([
      { source: 'facebook', medium: 'social', campaign: 'diwali2024', pageViews: 3, conversions: 1 },
      { source: 'direct', medium: 'none', campaign: null, pageViews: 2, conversions: 1 },
      { source: 'instagram', medium: 'social', campaign: 'diwali_party_2024', pageViews: 1, conversions: 1 },
      { source: 'google.com', medium: 'referral', campaign: null, pageViews: 1, conversions: 0 },
    ]);
  });

  it("gives the event dialog's totals: events and the people behind them", async () => {
    expect(await get('/api/analytics/events/page_view/summary')).toEqual({ eventType: 'page_view', totalEvents: 5, uniqueUsers: 4 });
    expect(await get('/api/analytics/events/order_completed/summary')).toEqual({
      eventType: 'order_completed',
      totalEvents: 2,
      uniqueUsers: 2,
    });
    expect(await get('/api/analytics/events/nothing_yet/summary')).toEqual({ eventType: 'nothing_yet', totalEvents: 0, uniqueUsers: 0 });
  });

  it("lists a step's events newest first, page by page", async () => {
    const first = await get<AnalyticsEvent[]>('/api/analytics/events/page_view?limit=2');
    const second = await get<AnalyticsEvent[]>(`/api/analytics/events/page_view?limit=2&before=${first[1].id}`);
    const third = await get<AnalyticsEvent[]>(`/api/analytics/events/page_view?limit=2&before=${second[1].id}`);
    expect([...first, ...second, ...third].map((e) => e.sessionId)).toEqual([
      'session-search-1',
      'session-direct-1',
      'session-fb-0002',
      'session-fb-0001',
      'session-fb-0001',
    ]);
    expect(third).toHaveLength(1);
    expect(Number(first[0].id)).toBeGreaterThan(Number(first[1].id));
  });

  it("shows a server-recorded purchase with its buyer and the session's source", async () => {
    const [order] = (await get<AnalyticsEvent[]>('/api/analytics/events/order_completed')).filter((e) => e.entityId === 'order-0001');
    expect(order).toMatchObject({
      eventType: 'order_completed',
      sessionId: 'session-fb-0001',
      userName: 'Asha Rao',
      utmSource: 'facebook',
      utmMedium: 'social',
      utmCampaign: 'diwali2024',
      userAgent: BROWSER,
    });
  });
});

describe(`recording server events on ${TEST_DATABASE}`, () => {
  it('never throws into the caller: a bad event or a broken database is logged and skipped', async () => {
    const t = await createTestApp();
    const analytics = t.app.get(AnalyticsService);
    try {
      await expect(analytics.recordServerEvent({ eventType: 'Not A Type' })).resolves.toBeUndefined();
      await expect(analytics.recordServerEvent(undefined as unknown as { eventType: string })).resolves.toBeUndefined();
      expect(await rowCount(t)).toBe(0);
      await t.dataSource.query('DROP TABLE analytics_events');
      await expect(analytics.recordServerEvent({ eventType: 'order_completed', sessionId: 'session-x-0001' })).resolves.toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
