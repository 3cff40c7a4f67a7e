import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';
import { concretePath, registeredRoutes } from './support/routes.js';

const PASSWORD = 'correct horse battery staple';

/** Routes guests may call without a staff session. Everything else must answer 401. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/site',
  'GET /api/policies/:kind',
  'POST /api/analytics',
  'GET /api/payments/config',
  'POST /api/payments/simulated/confirm',
  'POST /api/payments/simulated/confirm-setup',
  'POST /api/webhooks/stripe',
  'GET /api/party-ticket-stats',
  'GET /api/party-ticket-types',
  'POST /api/party-quote',
  'POST /api/party-payment-intent',
  'POST /api/confirm-payment',
  // The waitlist of a sold-out party: joining, and the offer a personal link opens.
  'POST /api/party-waitlist',
  'GET /api/party-waitlist/offers/:token',
  // Feast pack pre-orders: what is on offer, and a pre-order's hold and payment.
  'GET /api/feast-packs',
  'POST /api/feast-order-intent',
  // The guest's ticket: the party's calendar event, and the e-mail again (proved by the client secret).
  'GET /api/party-orders/:orderId/calendar',
  'POST /api/party-orders/:orderId/resend-confirmation',
  // The payment step's `Keep my card for drinks at the party` (proved by the client secret).
  'POST /api/party-payment-intent/keep-card',
  'GET /api/drinks',
  'POST /api/drink-payment-intent',
  'POST /api/confirm-drink-payment',
  'POST /api/drink-tab',
  'POST /api/drink-tab/confirm-setup',
  // The drinks tab on the card kept with a ticket order (the confirmation e-mail's link).
  'POST /api/drink-tab/from-ticket',
  'POST /api/drink-tab/from-ticket/card',
  'POST /api/drink-tab/from-ticket/forget',
  'GET /api/drink-tab/:tabId',
  'POST /api/drink-tab/:tabId/orders',
  // The guest's tip and Close my tab (proved by the tab's token).
  'PUT /api/drink-tab/:tabId/tip',
  'POST /api/drink-tab/:tabId/close',
  'GET /api/drink-orders/:orderId/status',
  // My tickets: the e-mailed link and the guest's own session, never a staff one (docs/guest-account.md).
  'POST /api/my-tickets/link',
  'POST /api/my-tickets/session',
  'POST /api/my-tickets/sign-out',
  'GET /api/my-tickets',
  'POST /api/my-tickets/orders/:orderId/resend',
  'POST /api/my-tickets/orders/:orderId/forget-card',
  'PUT /api/my-tickets/orders/:orderId/guests/:seat',
  'GET /api/my-tickets/orders/:orderId/tickets.pdf',
  'GET /api/my-tickets/orders/:orderId/wallet.pkpass',
  'GET /api/admin/check',
  'POST /api/admin/login',
  'POST /api/admin/device-pass',
  'POST /api/admin/logout',
  'GET /api/unsubscribe',
  'POST /api/unsubscribe',
]);

function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = cookies.find((c) => c.startsWith('festival.sid='));
  if (!cookie) throw new Error('no session cookie was set');
  return cookie.split(';')[0];
}

describe(`staff authentication on ${TEST_DATABASE}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '50' });
  });
  afterAll(() => t.close());

  it('says a visitor without a session is not authenticated', async () => {
    const res = await t.http.get('/api/admin/check').expect(200);
    expect(res.body).toEqual({ authenticated: false });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong password with 401 "Incorrect password" and sets no session', async () => {
    const res = await t.http.post('/api/admin/login').send({ password: 'guess' }).expect(401);
    expect(res.body).toEqual({ message: 'Incorrect password' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers a login without a password with a 400 that says so', async () => {
    const res = await t.http.post('/api/admin/login').send({}).expect(400);
    expect(res.body.message).toMatch(/password/i);
  });

  it('logs in with the right password: HttpOnly, SameSite=Strict cookie, a new session id each time', async () => {
    const first = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
    expect(first.body).toEqual({ authenticated: true, staff: { role: 'manager', name: 'Manager' } });
    const raw = String(first.headers['set-cookie']);
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Strict/);
    const cookie = sessionCookie(first.headers['set-cookie']);
    await t.http
      .get('/api/admin/check')
      .set('Cookie', cookie)
      .expect(200, { authenticated: true, staff: { role: 'manager', name: 'Manager' } });

    // Logging in again from the same browser rotates the session id.
    const second = await t.http.post('/api/admin/login').set('Cookie', cookie).send({ password: PASSWORD }).expect(200);
    const rotated = sessionCookie(second.headers['set-cookie']);
    expect(rotated).not.toBe(cookie);
    await t.http.get('/api/admin/check').set('Cookie', cookie).expect(200, { authenticated: false });
    await t.http
      .get('/api/admin/check')
      .set('Cookie', rotated)
      .expect(200, { authenticated: true, staff: { role: 'manager', name: 'Manager' } });
  });

  it('marks the cookie Secure when the request came over HTTPS through the proxy', async () => {
    const res = await t.http.post('/api/admin/login').set('X-Forwarded-Proto', 'https').send({ password: PASSWORD }).expect(200);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('ends the session at logout', async () => {
    const login = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
    const cookie = sessionCookie(login.headers['set-cookie']);
    await t.http.post('/api/admin/logout').set('Cookie', cookie).expect(200, { authenticated: false });
    await t.http.get('/api/admin/check').set('Cookie', cookie).expect(200, { authenticated: false });
  });

  it('every route not meant to be public answers 401 without a session', async () => {
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(0);
    const guarded = routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`));
    for (const route of guarded) {
      const res = await t.http[route.method.toLowerCase() as 'get'](concretePath(route.path)).send({});
      expect({ route: `${route.method} ${route.path}`, status: res.status, body: res.body }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
        body: { message: 'Staff login required' },
      });
    }
    // The public list names only routes that exist, so it cannot hide a typo.
    const names = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const name of PUBLIC_ROUTES) expect(names).toContain(name);
  });
});

describe(`staff sessions across restarts and login limits on ${TEST_DATABASE}`, () => {
  it('a session survives an API restart on the same database', async () => {
    const env = { ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: 'a-stable-secret-for-the-restart-test' };
    const before = await createTestApp(env);
    const login = await before.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
    const cookie = sessionCookie(login.headers['set-cookie']);
    await before.app.close();

    const sameDatabase: Record<string, string> =
      before.config.database.type === 'sqlite' ? { SQLITE_PATH: before.config.database.path } : {};
    const after = await createTestApp({ ...env, ...sameDatabase }, { keepDatabase: true });
    try {
      await after.http
        .get('/api/admin/check')
        .set('Cookie', cookie)
        .expect(200, { authenticated: true, staff: { role: 'manager', name: 'Manager' } });
    } finally {
      await after.close();
      await before.close();
    }
  });

  it('rate-limits login attempts per IP with a 429 and a clear message', async () => {
    const t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '3' });
    try {
      for (let i = 0; i < 3; i += 1) await t.http.post('/api/admin/login').send({ password: 'nope' }).expect(401);
      const limited = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(429);
      expect(limited.body).toEqual({ message: 'Too many login attempts. Please wait 15 minutes and try again.' });
      expect(Number(limited.headers['retry-after'] ?? limited.headers['retry-after-login'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('expires an idle session', async () => {
    const t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ADMIN_SESSION_TTL_SECONDS: '1' });
    try {
      const login = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
      const cookie = sessionCookie(login.headers['set-cookie']);
      await new Promise((r) => setTimeout(r, 1_500));
      await t.http.get('/api/admin/check').set('Cookie', cookie).expect(200, { authenticated: false });
    } finally {
      await t.close();
    }
  });
});
