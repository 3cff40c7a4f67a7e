import { gzipSync } from 'node:zlib';
import type request from 'supertest';
import { AnalyticsEventEntity } from '../src/modules/analytics/analytics-event.entity.js';
import { AnalyticsRetentionService } from '../src/modules/analytics/analytics-retention.service.js';
import { AnalyticsService } from '../src/modules/analytics/analytics.service.js';
import { createPartyOrderRequest } from './support/factories.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'abuse-staff-password';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** 2 MB of nested brackets, about 2 KB once compressed: the parser bomb of the security review. */
const BOMB = gzipSync('['.repeat(1_048_575) + ']'.repeat(1_048_575), { level: 9 });

/** A POST of exactly these bytes (supertest would serialise a Buffer sent as JSON). */
async function postBytes(
  t: TestApp,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; body: unknown }> {
  const url = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  const res = await fetch(`${url}${path}`, { method: 'POST', headers, body });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

const GZIP_JSON = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' };

async function analyticsRows(t: TestApp): Promise<number> {
  const [{ n }] = (await t.dataSource.query('SELECT COUNT(*) AS n FROM analytics_events')) as { n: number | string }[];
  return Number(n);
}

describe(`request bodies bounded before work on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD });
  });
  afterAll(() => t.close());

  it('is a small bomb', () => {
    expect(BOMB.length).toBeLessThan(4 * 1024);
  });

  it.each([
    ['/api/party-quote', '4 KB'],
    ['/api/party-payment-intent', '12 KB'],
    ['/api/analytics', '32 KB'],
    ['/api/admin/login', '16 KB'],
  ])('refuses the gzip bomb on %s with a 413 at its own limit (%s), inflating no further', async (path, limit) => {
    expect(await postBytes(t, path, GZIP_JSON, BOMB)).toEqual({
      status: 413,
      body: { message: `Request body is too large (limit ${limit})` },
    });
  });

  it('refuses JSON nested deeper than any request needs, before parsing it', async () => {
    const deep = `{"a":${'['.repeat(40)}${']'.repeat(40)}}`;
    const res = await t.http.post('/api/party-quote').set('Content-Type', 'application/json').send(deep).expect(413);
    expect(res.body).toEqual({ message: 'Request body is nested too deeply (at most 32 levels)' });
    const beacon = await t.http.post('/api/analytics').set('Content-Type', 'text/plain').send(deep).expect(413);
    expect(beacon.body).toEqual({ message: 'Request body is nested too deeply (at most 32 levels)' });
  });

  it('takes a compressed body within its limit as the same body uncompressed', async () => {
    const body = gzipSync(JSON.stringify({ adultTickets: 2, childTickets: 0 }));
    const compressed = await postBytes(t, '/api/party-quote', GZIP_JSON, body);
    const plain = await t.http.post('/api/party-quote').send({ adultTickets: 2, childTickets: 0 }).expect(200);
    expect(compressed).toEqual({ status: 200, body: plain.body });
  });

  it('gives a ticket intent no more than the 12 KB a selection, a contact and a meal row per seat need', async () => {
    const order = { ...createPartyOrderRequest(), customerName: 'x'.repeat(13_000) };
    const res = await t.http.post('/api/party-payment-intent').send(order).expect(413);
    expect(res.body).toEqual({ message: 'Request body is too large (limit 12 KB)' });
  });
});

describe(`analytics from other sites on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, PUBLIC_URL: 'https://festival.example' });
  });
  afterAll(() => t.close());

  const event = (sessionId: string) => JSON.stringify({ eventType: 'page_view', sessionId, utmSource: 'elsewhere' });

  it.each([
    ['a beacon from another site', { Origin: 'https://elsewhere.example', 'Sec-Fetch-Site': 'cross-site' }],
    ['an Origin of another site', { Origin: 'https://elsewhere.example' }],
    ['a browser saying cross-site without an Origin', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses %s with a 403 and stores nothing', async (_name, headers) => {
    const before = await analyticsRows(t);
    const res = await t.http
      .post('/api/analytics')
      .set(headers)
      .set('User-Agent', BROWSER)
      .set('Content-Type', 'text/plain')
      .send(event('session-cross-1'))
      .expect(403);
    expect(res.body).toEqual({ message: 'Analytics events are accepted from this site only' });
    expect(await analyticsRows(t)).toBe(before);
  });

  it("stores the site's own beacons: from its public address or the address it was sent to", async () => {
    const before = await analyticsRows(t);
    await t.http
      .post('/api/analytics')
      .set({ Origin: 'https://festival.example', 'Sec-Fetch-Site': 'same-origin', 'User-Agent': BROWSER, 'Content-Type': 'text/plain' })
      .send(event('session-own-1'))
      .expect(204);
    await t.http
      .post('/api/analytics')
      .set({
        Origin: (await t.app.getUrl()).replace('[::1]', '127.0.0.1'),
        'Sec-Fetch-Site': 'same-origin',
        'User-Agent': BROWSER,
        'Content-Type': 'text/plain',
      })
      .send(event('session-own-2'))
      .expect(204);
    expect(await analyticsRows(t)).toBe(before + 2);
  });
});

describe(`analytics that cannot be flooded on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ANALYTICS_EVENTS_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  const post = (body: object, headers: Record<string, string> = {}) =>
    t.http
      .post('/api/analytics')
      .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': `203.0.113.${(ip = (ip % 250) + 1)}`, ...headers })
      .send(body);

  it('caps the events of one visitor session, from whatever addresses they come', async () => {
    const before = await analyticsRows(t);
    const statuses: number[] = [];
    for (let i = 0; i < 310; i += 1) statuses.push((await post({ eventType: 'page_view', sessionId: 'session-flood-9' })).status);
    expect(statuses.slice(0, 300).every((s) => s === 204)).toBe(true);
    expect(new Set(statuses.slice(300))).toEqual(new Set([429]));
    expect(await analyticsRows(t)).toBe(before + 300);
    const other = await post({ eventType: 'page_view', sessionId: 'session-calm-1' });
    expect(other.status).toBe(204);
  }, 120_000);

  it('stores nothing for a browser with Do Not Track on, and counts one with Global Privacy Control without its name', async () => {
    const before = await analyticsRows(t);
    await post({ eventType: 'page_view', sessionId: 'session-dnt-1' }, { DNT: '1' }).expect(204);
    expect(await analyticsRows(t)).toBe(before);
    await post({ eventType: 'page_view', sessionId: 'session-gpc-1', userName: 'Kavya Rao' }, { 'Sec-GPC': '1' }).expect(204);
    expect(await analyticsRows(t)).toBe(before + 1);
    const [row] = (await t.dataSource.query("SELECT userName, gpc FROM analytics_events WHERE sessionId = 'session-gpc-1'")) as {
      userName: string | null;
      gpc: unknown;
    }[];
    expect(row.userName).toBeNull();
    expect(Number(row.gpc)).toBe(1);
  });

  it('answers the attribution report with at most 500 rows, the most visited first', async () => {
    const values: string[] = [];
    for (let i = 0; i < 520; i += 1) values.push(`(1, 490000, 'made-up-${i}', 'm', '', 1, 0)`);
    await t.dataSource.query(
      `INSERT INTO analytics_attribution (eventId, hour, source, medium, campaign, pageViews, conversions) VALUES ${values.join(', ')}`,
    );
    await t.dataSource.query(
      "INSERT INTO analytics_attribution (eventId, hour, source, medium, campaign, pageViews, conversions) VALUES (1, 490000, 'real-source', 'social', 'diwali', 100000, 3)",
    );
    const cookie = String((await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200)).headers['set-cookie']).split(
      ';',
    )[0];
    const rows = (await t.http.get('/api/analytics/attribution').set('Cookie', cookie).expect(200)).body as { source: string }[];
    expect(rows.length).toBe(500);
    expect(rows[0]).toMatchObject({ source: 'real-source', pageViews: 100000, conversions: 3 });
  });
});

describe(`client addresses on ${TEST_DATABASE}`, () => {
  it('counts logins by the connecting address when no proxy is trusted: a rotating X-Forwarded-For does not reset the limit', async () => {
    const t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'false', LOGIN_ATTEMPTS_PER_15_MINUTES: '10' });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 30; i += 1) {
        const res = await t.http.post('/api/admin/login').set('X-Forwarded-For', `198.51.100.${i}`).send({ password: 'wrong' });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    } finally {
      await t.close();
    }
  });
});

describe(`staff session lifetime on ${TEST_DATABASE}`, () => {
  const cookieOf = (res: request.Response) => String(res.headers['set-cookie']).split(';')[0];

  it('ends a session at its absolute lifetime, however busy it was', async () => {
    const t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ADMIN_SESSION_MAX_AGE_SECONDS: '2' });
    try {
      const cookie = cookieOf(await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200));
      // A request every half second keeps it from ever being idle...
      for (let i = 0; i < 3; i += 1) {
        await t.http
          .get('/api/admin/check')
          .set('Cookie', cookie)
          .expect(200, { authenticated: true, staff: { role: 'manager', name: 'Manager' } });
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await new Promise((resolve) => setTimeout(resolve, 800));
      // ...and it still ends two seconds after the login.
      await t.http.get('/api/admin/check').set('Cookie', cookie).expect(200, { authenticated: false });
      await t.http.get('/api/orders').set('Cookie', cookie).expect(401);
    } finally {
      await t.close();
    }
  });

  it('ends every session when the staff password changes', async () => {
    // The same session secret on both sides: only the password differs.
    const secret = { SESSION_SECRET: 'a-stable-secret-for-the-password-test' };
    const before = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ...secret });
    const cookie = cookieOf(await before.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200));
    await before.app.close();
    const sameDatabase: Record<string, string> =
      before.config.database.type === 'sqlite' ? { SQLITE_PATH: before.config.database.path } : {};
    const unchanged = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ...secret, ...sameDatabase }, { keepDatabase: true });
    await unchanged.http
      .get('/api/admin/check')
      .set('Cookie', cookie)
      .expect(200, { authenticated: true, staff: { role: 'manager', name: 'Manager' } });
    await unchanged.app.close();
    const changed = await createTestApp({ ADMIN_PASSWORD: 'a-new-staff-password', ...secret, ...sameDatabase }, { keepDatabase: true });
    try {
      await changed.http.get('/api/admin/check').set('Cookie', cookie).expect(200, { authenticated: false });
      await changed.http.post('/api/admin/login').send({ password: 'a-new-staff-password' }).expect(200);
    } finally {
      await changed.close();
      await unchanged.close();
      await before.close();
    }
  });
});

describe(`analytics retention on ${TEST_DATABASE}`, () => {
  it('deletes raw events older than ANALYTICS_RETENTION_DAYS and keeps every figure the staff read', async () => {
    const t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ANALYTICS_RETENTION_DAYS: '30' });
    try {
      const analytics = t.app.get(AnalyticsService);
      for (let i = 0; i < 6; i += 1) {
        await analytics.recordServerEvent({ eventType: 'page_view', sessionId: `visitor-${i % 4}` });
      }
      await analytics.recordServerEvent({ eventType: 'party_order_completed', sessionId: 'visitor-1', entityId: 'ticket-1' });
      await analytics.recordServerEvent({ eventType: 'page_view' });
      const login = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      const read = async () => ({
        funnel: (await t.http.get('/api/analytics/funnel').set('Cookie', cookie).expect(200)).body as unknown,
        summary: (await t.http.get('/api/analytics/events/page_view/summary').set('Cookie', cookie).expect(200)).body as unknown,
        attribution: (await t.http.get('/api/analytics/attribution').set('Cookie', cookie).expect(200)).body as unknown,
      });
      const before = await read();
      expect(before.summary).toEqual({ eventType: 'page_view', totalEvents: 7, uniqueUsers: 5 });

      // Five of the page views are from last year's festival.
      const old = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
      const ids = (
        (await t.dataSource.query("SELECT id FROM analytics_events WHERE eventType = 'page_view' ORDER BY id")) as { id: unknown }[]
      )
        .slice(0, 5)
        .map((r) => Number(r.id));
      await t.dataSource.getRepository(AnalyticsEventEntity).update(ids, { createdAt: old });

      expect(await t.app.get(AnalyticsRetentionService).deleteExpired()).toBe(5);
      expect(await analyticsRows(t)).toBe(3);
      expect(await read()).toEqual(before);
      const listed = (await t.http.get('/api/analytics/events/page_view').set('Cookie', cookie).expect(200)).body as unknown[];
      expect(listed).toHaveLength(2);
      // Nothing left to delete.
      expect(await t.app.get(AnalyticsRetentionService).deleteExpired()).toBe(0);
    } finally {
      await t.close();
    }
  });
});
