import { MY_TICKETS_SIGN_IN, type StaffRole } from '@festival/contracts';
import { StaffDeviceEntity } from '../src/modules/staff/staff-device.entity.js';
import { payDrinks } from './support/drinks.js';
import { concretePath, registeredRoutes } from './support/routes.js';
import { addDevice, deviceCookie, managerCookie, openPass } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'marigold-lanterns-2025';

/**
 * Who may call each API route: `anyone` (guests too), `guest` (a guest signed in on My tickets,
 * docs/guest-account.md: no staff session lets anyone through), or the staff roles beside the
 * manager (the manager may call every staff route). The ONE table of staff access: every route the app
 * registers must be here, and every entry must be a route the app registers.
 */
type Access = 'anyone' | 'guest' | readonly StaffRole[];
const MANAGER = ['manager'] as const;
const BAR = ['manager', 'bar'] as const;
const DOOR = ['manager', 'door'] as const;
const STAFF = ['manager', 'door', 'bar'] as const;

const ACCESS: Record<string, Access> = {
  'GET /api/health': 'anyone',
  'GET /api/health/live': 'anyone',
  'GET /api/health/ready': 'anyone',
  'GET /api/site': 'anyone',
  'GET /api/policies/:kind': 'anyone',
  'POST /api/analytics': 'anyone',
  'GET /api/payments/config': 'anyone',
  'POST /api/payments/simulated/confirm': 'anyone',
  'POST /api/payments/simulated/confirm-setup': 'anyone',
  'POST /api/webhooks/stripe': 'anyone',
  'GET /api/party-ticket-stats': 'anyone',
  'GET /api/party-ticket-types': 'anyone',
  'POST /api/party-quote': 'anyone',
  'POST /api/party-payment-intent': 'anyone',
  'POST /api/confirm-payment': 'anyone',
  'POST /api/party-waitlist': 'anyone',
  'GET /api/party-waitlist/offers/:token': 'anyone',
  'GET /api/feast-packs': 'anyone',
  'POST /api/feast-order-intent': 'anyone',
  'GET /api/party-orders/:orderId/calendar': 'anyone',
  'POST /api/party-orders/:orderId/resend-confirmation': 'anyone',
  'GET /api/drinks': 'anyone',
  'POST /api/drink-payment-intent': 'anyone',
  'POST /api/confirm-drink-payment': 'anyone',
  'POST /api/drink-tab': 'anyone',
  'POST /api/drink-tab/confirm-setup': 'anyone',
  'POST /api/drink-tab/from-ticket': 'anyone',
  'POST /api/drink-tab/from-ticket/card': 'anyone',
  'POST /api/drink-tab/from-ticket/forget': 'anyone',
  'POST /api/party-payment-intent/keep-card': 'anyone',
  'PUT /api/drink-tab/:tabId/tip': 'anyone',
  'POST /api/drink-tab/:tabId/close': 'anyone',
  'POST /api/my-tickets/link': 'anyone',
  'POST /api/my-tickets/session': 'anyone',
  'POST /api/my-tickets/sign-out': 'anyone',
  'GET /api/my-tickets': 'guest',
  'POST /api/my-tickets/orders/:orderId/resend': 'guest',
  'POST /api/my-tickets/orders/:orderId/forget-card': 'guest',
  'PUT /api/my-tickets/orders/:orderId/guests/:seat': 'guest',
  'GET /api/my-tickets/orders/:orderId/tickets.pdf': 'guest',
  'GET /api/my-tickets/orders/:orderId/wallet.pkpass': 'guest',
  'GET /api/drink-tab/:tabId': 'anyone',
  'GET /api/drink-orders/:orderId/status': 'anyone',
  'POST /api/drink-tab/:tabId/orders': 'anyone',
  'GET /api/unsubscribe': 'anyone',
  'POST /api/unsubscribe': 'anyone',
  'GET /api/admin/check': 'anyone',
  'POST /api/admin/login': 'anyone',
  'POST /api/admin/device-pass': 'anyone',
  'POST /api/admin/logout': 'anyone',

  // The OpenAPI document (docs/api-docs.md): any signed-in staff.
  'GET /api/docs': STAFF,

  'GET /api/orders': MANAGER,
  'GET /api/admin/reports': MANAGER,
  'GET /api/admin/reports/reconciliation': MANAGER,
  'GET /api/admin/reports/exports/:table': MANAGER,
  'GET /api/party-tickets': MANAGER,
  'GET /api/admin/abandoned-carts': MANAGER,
  'POST /api/admin/party-orders/:orderId/resend-confirmation': MANAGER,
  'GET /api/admin/party-orders/:orderId': MANAGER,
  'POST /api/admin/party-orders/:orderId/refunds': MANAGER,
  'POST /api/admin/party-orders/:orderId/cancel': MANAGER,
  'PUT /api/admin/party-orders/:orderId/guest': MANAGER,
  'POST /api/admin/party-orders/comps': MANAGER,
  'GET /api/admin/drink-orders': MANAGER,
  'GET /api/admin/drink-orders/:orderId': MANAGER,
  'POST /api/admin/drink-orders/:orderId/refund': MANAGER,
  'POST /api/admin/drink-orders/:orderId/resend-receipt': MANAGER,
  'POST /api/admin/drink-tabs/:tabId/resend-receipt': MANAGER,
  'GET /api/admin/drink-tabs/:tabId': MANAGER,
  'GET /api/analytics/funnel': MANAGER,
  'GET /api/analytics/attribution': MANAGER,
  'GET /api/analytics/events/:eventType': MANAGER,
  'GET /api/analytics/events/:eventType/summary': MANAGER,
  'GET /api/campaigns': MANAGER,
  'GET /api/campaigns/progress': MANAGER,
  'GET /api/campaigns/audiences/:audience': MANAGER,
  'GET /api/campaigns/:id/recipients': MANAGER,
  'POST /api/campaigns': MANAGER,
  'POST /api/campaigns/preview': MANAGER,
  'POST /api/campaigns/:id/send': MANAGER,
  'POST /api/campaigns/:id/test': MANAGER,
  'DELETE /api/campaigns/:id': MANAGER,
  'GET /api/admin/devices': MANAGER,
  'POST /api/admin/devices': MANAGER,
  'POST /api/admin/devices/:id/revoke': MANAGER,
  'POST /api/admin/devices/unlock-sign-ins': MANAGER,
  'GET /api/admin/activity': MANAGER,
  'GET /api/admin/settings': MANAGER,
  'GET /api/admin/events': MANAGER,
  'POST /api/admin/events': MANAGER,
  'GET /api/admin/feast-packs': MANAGER,
  'PUT /api/admin/feast-packs': MANAGER,
  'PUT /api/admin/settings/tickets': MANAGER,
  'PUT /api/admin/settings/restaurant': MANAGER,
  'PUT /api/admin/settings/event': MANAGER,
  'GET /api/admin/policies': MANAGER,
  'PUT /api/admin/policies/:kind': MANAGER,
  'GET /api/admin/settings/meals': MANAGER,
  'PUT /api/admin/settings/meals': MANAGER,
  'GET /api/admin/settings/guest-data': MANAGER,
  'PUT /api/admin/settings/guest-data': MANAGER,
  'GET /api/admin/guests': MANAGER,
  'GET /api/admin/guests/data': MANAGER,
  'GET /api/admin/guests/export': MANAGER,
  'POST /api/admin/guests/erase': MANAGER,
  'GET /api/admin/ticket-types': MANAGER,
  'PUT /api/admin/ticket-types': MANAGER,
  'GET /api/admin/kitchen': DOOR,
  'PUT /api/admin/party-orders/:orderId/guests/:seat': MANAGER,
  'GET /api/admin/promo-codes': MANAGER,
  'POST /api/admin/promo-codes': MANAGER,
  'PUT /api/admin/promo-codes/:id': MANAGER,
  'GET /api/admin/waitlist': MANAGER,
  'GET /api/admin/waitlist/summary': MANAGER,
  'POST /api/admin/waitlist/:id/offer': MANAGER,
  'DELETE /api/admin/waitlist/:id': MANAGER,
  'GET /api/admin/drinks-menu': MANAGER,
  'POST /api/admin/drinks-menu': MANAGER,
  'PUT /api/admin/drinks-menu/order': MANAGER,
  'PUT /api/admin/drinks-menu/:id': MANAGER,

  'GET /api/admin/bar/orders': BAR,
  'PATCH /api/admin/bar/orders/:id': BAR,
  'GET /api/admin/drink-tabs': BAR,
  'POST /api/admin/drink-tabs/:id/close': BAR,
  'POST /api/admin/drink-tabs/:id/settle': BAR,
  'POST /api/admin/drink-tabs/:id/approve-more': BAR,
  'PATCH /api/admin/drinks/:id': BAR,
  'POST /api/admin/complimentary-drinks': BAR,

  'POST /api/admin/check-ins': DOOR,
  'GET /api/admin/check-ins/stats': DOOR,
  'POST /api/admin/check-ins/offline': DOOR,
  'GET /api/admin/check-ins/search': DOOR,
  'GET /api/admin/check-ins/conflicts': DOOR,
  'GET /api/admin/door-snapshot': DOOR,
  'POST /api/admin/feast-orders/:orderId/refund': MANAGER,
  'POST /api/admin/feast-orders/:orderId/cancel': MANAGER,
  'POST /api/admin/feast-orders/:orderId/resend-confirmation': MANAGER,
  'GET /api/admin/pickups': DOOR,
  'POST /api/admin/pickups': DOOR,
  'POST /api/admin/door-sales': DOOR,
  'POST /api/admin/door-sales/:orderId/confirm': DOOR,
};

type Caller = 'anonymous' | StaffRole;

/** Routes that read their body before who calls: a valid one, so the answer is about who calls. */
const VALID_BODIES: Record<string, object> = {
  'PUT /api/my-tickets/orders/:orderId/guests/:seat': { meal: 'Vegetarian', allergens: [] },
  'PUT /api/admin/policies/:kind': { markdown: 'Staff access check.' },
};

/** What the table says `caller` must get from `route`: let through, 401, or 403. */
function expected(access: Access, caller: Caller): 'through' | 401 | 403 | string {
  if (access === 'anyone') return 'through';
  if (access === 'guest') return `401 ${MY_TICKETS_SIGN_IN}`;
  if (caller === 'anonymous') return 401;
  return access.includes(caller) ? 'through' : 403;
}

/** What the app answered, in the same terms. */
function outcome(status: number, body: { message?: string }): 'through' | 401 | 403 | string {
  if (status === 401 && body.message === 'Staff login required') return 401;
  if (status === 403 && /^Not allowed: .+ is signed in for the (door|bar) only\. Ask the manager\.$/.test(body.message ?? '')) return 403;
  if (status === 401 || status === 403) return `${status} ${body.message}`;
  return 'through';
}

describe(`staff roles on every route on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  const cookies: Partial<Record<Caller, string>> = {};

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' });
  });
  afterAll(() => t.close());

  it('the table names every route the app has, and only those', () => {
    const names = new Set(registeredRoutes(t.app).map((r) => `${r.method} ${r.path}`));
    expect(names.size).toBeGreaterThan(40);
    expect([...names].sort()).toEqual(Object.keys(ACCESS).sort());
  });

  it.each(['anonymous', 'door', 'bar', 'manager'] as const)('%s gets exactly what the table allows on every route', async (caller) => {
    const manager = await managerCookie(t, PASSWORD);
    if (caller === 'manager') cookies.manager = manager;
    if (caller === 'door') cookies.door = await deviceCookie(t, manager, 'Door 1', 'door');
    if (caller === 'bar') cookies.bar = await deviceCookie(t, manager, 'Bar', 'bar');
    const cookie = caller === 'anonymous' ? undefined : cookies[caller];

    // Logging out ends the session: last.
    const routes = registeredRoutes(t.app).sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    const seen: { route: string; answer: string | number }[] = [];
    const wanted: { route: string; answer: string | number }[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      const call = t.http[route.method.toLowerCase() as 'get'](concretePath(route.path));
      if (cookie) void call.set('Cookie', cookie);
      const res = await call.send(VALID_BODIES[name] ?? {});
      seen.push({ route: name, answer: outcome(res.status, res.body as { message?: string }) });
      wanted.push({ route: name, answer: expected(ACCESS[name], caller) });
    }
    expect(seen).toEqual(wanted);
  });

  it('tells a device plainly why it is refused', async () => {
    const manager = await managerCookie(t, PASSWORD);
    const door = await deviceCookie(t, manager, 'Door 2', 'door');
    const res = await t.http.get('/api/orders').set('Cookie', door).expect(403);
    expect(res.body).toEqual({ message: 'Not allowed: Door 2 is signed in for the door only. Ask the manager.' });
    const check = await t.http.get('/api/admin/check').set('Cookie', door).expect(200);
    expect(check.body).toEqual({ authenticated: true, staff: { role: 'door', name: 'Door 2' } });
  });
});

describe(`device passes on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' });
    manager = await managerCookie(t, PASSWORD);
  });
  afterAll(() => t.close());

  it('a pass signs in one browser only, and its secret is stored only as a hash', async () => {
    const created = await t.http.post('/api/admin/devices').set('Cookie', manager).send({ name: ' Door 1 ', role: 'door' }).expect(201);
    expect(created.body.device).toMatchObject({ name: 'Door 1', role: 'door', status: 'waiting', lastSeenAt: null, revokedAt: null });
    expect(created.body.passPath).toMatch(/^\/admin\/login#device-pass=[A-Za-z0-9_-]{43}$/);
    const secret = (created.body.passPath as string).split('=')[1];
    const row = await t.dataSource.getRepository(StaffDeviceEntity).findOneByOrFail({ id: created.body.device.id });
    expect(row.passHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(new Date(row.passExpiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const first = await t.http.post('/api/admin/device-pass').send({ pass: secret }).expect(200);
    expect(first.body).toEqual({ authenticated: true, staff: { role: 'door', name: 'Door 1' } });
    const second = await t.http.post('/api/admin/device-pass').send({ pass: secret }).expect(410);
    expect(second.body).toEqual({ message: 'This pass has already been used on another device. Ask the manager for a new pass.' });
    expect(second.headers['set-cookie']).toBeUndefined();

    const unknown = await t.http.post('/api/admin/device-pass').send({ pass: 'not-a-pass' }).expect(404);
    expect(unknown.body).toEqual({ message: 'This pass is not valid. Ask the manager for a new pass.' });
    const empty = await t.http.post('/api/admin/device-pass').send({}).expect(400);
    expect(empty.body.message).toMatch(/pass/);

    const list = await t.http.get('/api/admin/devices').set('Cookie', manager).expect(200);
    expect(list.body.find((d: { id: string }) => d.id === created.body.device.id)).toMatchObject({ status: 'active' });
  });

  it('a pass not used within 24 hours has expired', async () => {
    const { id, pass } = await addDevice(t, manager, 'Bar late', 'bar');
    await t.dataSource.getRepository(StaffDeviceEntity).update({ id }, { passExpiresAt: new Date(Date.now() - 1000) });
    const res = await t.http.post('/api/admin/device-pass').send({ pass }).expect(410);
    expect(res.body).toEqual({ message: 'This pass has expired (a pass lasts 24 hours). Ask the manager for a new pass.' });
    const list = await t.http.get('/api/admin/devices').set('Cookie', manager).expect(200);
    expect(list.body.find((d: { id: string }) => d.id === id)).toMatchObject({ status: 'expired' });
  });

  it("another site's page can neither open a pass nor sign in with the password; the pass stays unspent", async () => {
    const { pass } = await addDevice(t, manager, 'Door borrowed', 'door');
    const crossSite = await t.http.post('/api/admin/device-pass').set('Origin', 'https://evil.example').send({ pass }).expect(403);
    expect(crossSite.body).toEqual({ message: 'Cross-origin request refused' });
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    const fetched = await t.http.post('/api/admin/device-pass').set('Sec-Fetch-Site', 'cross-site').send({ pass }).expect(403);
    expect(fetched.body).toEqual({ message: 'Cross-origin request refused' });

    const login = await t.http.post('/api/admin/login').set('Origin', 'https://evil.example').send({ password: PASSWORD }).expect(403);
    expect(login.body).toEqual({ message: 'Cross-origin request refused' });
    expect(login.headers['set-cookie']).toBeUndefined();

    // From the site itself the same pass still opens, once.
    const own = await t.http.post('/api/admin/device-pass').set('Sec-Fetch-Site', 'same-origin').send({ pass }).expect(200);
    expect(own.body).toMatchObject({ authenticated: true, staff: { role: 'door', name: 'Door borrowed' } });
  });

  it('refuses a bad device with a clear 400 and creates nothing', async () => {
    const before = await t.dataSource.getRepository(StaffDeviceEntity).count();
    const noName = await t.http.post('/api/admin/devices').set('Cookie', manager).send({ name: '  ', role: 'door' }).expect(400);
    expect(noName.body).toEqual({ message: 'name: name is required' });
    const badRole = await t.http.post('/api/admin/devices').set('Cookie', manager).send({ name: 'Till', role: 'manager' }).expect(400);
    expect(badRole.body).toEqual({ message: 'role: role must be door or bar' });
    expect(await t.dataSource.getRepository(StaffDeviceEntity).count()).toBe(before);
  });

  it('revoking a device ends its session at once: 401 "This device was signed out", and its pass is dead', async () => {
    const { id, pass } = await addDevice(t, manager, 'Bar 2', 'bar');
    const bar = await openPass(t, pass);
    await t.http.get('/api/admin/bar/orders').set('Cookie', bar).expect(200);
    const seen = await t.http.get('/api/admin/devices').set('Cookie', manager).expect(200);
    expect(seen.body.find((d: { id: string }) => d.id === id).lastSeenAt).not.toBeNull();

    const revoked = await t.http.post(`/api/admin/devices/${id}/revoke`).set('Cookie', manager).expect(200);
    expect(revoked.body).toMatchObject({ id, status: 'revoked' });
    const next = await t.http.get('/api/admin/bar/orders').set('Cookie', bar).expect(401);
    expect(next.body).toEqual({ message: 'This device was signed out' });
    await t.http.get('/api/admin/check').set('Cookie', bar).expect(200, { authenticated: false });
    await t.http.post('/api/admin/device-pass').send({ pass }).expect(410);
    await t.http.post('/api/admin/devices/00000000-0000-4000-8000-000000000000/revoke').set('Cookie', manager).expect(404);
  });

  it('the check says why a revoked device was signed out', async () => {
    const { id, pass } = await addDevice(t, manager, 'Door 3', 'door');
    const door = await openPass(t, pass);
    await t.http.post(`/api/admin/devices/${id}/revoke`).set('Cookie', manager).expect(200);
    await t.http.get('/api/admin/check').set('Cookie', door).expect(200, { authenticated: false, ended: 'This device was signed out' });
  });

  it('a new manager password ends every session, the devices’ too', async () => {
    const env = { ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: 'a-stable-secret-for-the-password-test' };
    const before = await createTestApp(env);
    const sameDatabase: Record<string, string> =
      before.config.database.type === 'sqlite' ? { SQLITE_PATH: before.config.database.path } : {};
    let after: TestApp | undefined;
    try {
      const boss = await managerCookie(before, PASSWORD);
      const bar = await deviceCookie(before, boss, 'Bar 3', 'bar');
      await before.http.get('/api/admin/bar/orders').set('Cookie', bar).expect(200);
      await before.app.close();

      after = await createTestApp({ ...env, ...sameDatabase, ADMIN_PASSWORD: 'a-brand-new-password' }, { keepDatabase: true });
      await after.http.get('/api/admin/bar/orders').set('Cookie', bar).expect(401);
      await after.http.get('/api/orders').set('Cookie', boss).expect(401);
    } finally {
      await after?.close();
      await before.close();
    }
  });
});

describe(`the activity log on ${TEST_DATABASE}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' });
  });
  afterAll(() => t.close());

  it('records who did what, newest first, filterable and paged', async () => {
    await t.http.post('/api/admin/login').send({ password: 'wrong' }).expect(401);
    const manager = await managerCookie(t, PASSWORD);
    const { id, pass } = await addDevice(t, manager, 'Bar 1', 'bar');
    const bar = await openPass(t, pass);

    const { orderId, paymentIntentId } = await payDrinks(t);
    await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId }).expect(200);
    await t.http.patch(`/api/admin/bar/orders/${orderId}`).set('Cookie', bar).send({ status: 'ready' }).expect(200);
    // A refused change changes nothing and records nothing.
    await t.http
      .patch('/api/admin/bar/orders/00000000-0000-4000-8000-000000000000')
      .set('Cookie', bar)
      .send({ status: 'ready' })
      .expect(404);
    await t.http.patch('/api/admin/drinks/masala-chai').set('Cookie', bar).send({ available: 7 }).expect(200);
    await t.http.post(`/api/admin/devices/${id}/revoke`).set('Cookie', manager).expect(200);

    const page = await t.http.get('/api/admin/activity').set('Cookie', manager).expect(200);
    const lines = page.body.items.map((e: { who: string; action: string; object: string | null; detail: string | null }) => [
      e.who,
      e.action,
      e.object,
      e.detail,
    ]);
    expect(lines).toEqual([
      ['Manager', 'device.revoked', 'Bar 1', 'role bar'],
      ['Bar 1', 'drink.stock', 'Masala Chai', '119 → 7'],
      ['Bar 1', 'bar.order-status', expect.stringMatching(/^Order #1 \(.+\)$/), 'ready'],
      ['Bar 1', 'device.signed-in', 'Bar 1', 'role bar'],
      ['Manager', 'device.added', 'Bar 1', 'role bar'],
      ['Manager', 'login', 'Manager', null],
      ['Unknown', 'login.failed', 'from 127.0.0.1', null],
    ]);
    expect(page.body).toMatchObject({ total: 7, page: 1, pageSize: 50, people: ['Bar 1', 'Manager', 'Unknown'] });
    expect(Number.isNaN(Date.parse(page.body.items[0].at))).toBe(false);

    const byBar = await t.http.get('/api/admin/activity?who=Bar%201').set('Cookie', manager).expect(200);
    expect(byBar.body.items.map((e: { action: string }) => e.action)).toEqual(['drink.stock', 'bar.order-status', 'device.signed-in']);
    const byAction = await t.http.get('/api/admin/activity?action=device.revoked').set('Cookie', manager).expect(200);
    expect(byAction.body.total).toBe(1);
    const second = await t.http.get('/api/admin/activity?page=2&pageSize=3').set('Cookie', manager).expect(200);
    expect(second.body.items.map((e: { action: string }) => e.action)).toEqual(['device.signed-in', 'device.added', 'login']);
    expect(second.body).toMatchObject({ total: 7, page: 2, pageSize: 3 });

    const bad = await t.http.get('/api/admin/activity?action=dance').set('Cookie', manager).expect(400);
    expect(bad.body).toEqual({ message: 'action: action is not a known activity' });
    await t.http.get('/api/admin/activity?pageSize=1000').set('Cookie', manager).expect(400);
  });

  it('records campaign changes with the manager as who', async () => {
    const manager = await managerCookie(t, PASSWORD);
    const created = await t.http
      .post('/api/campaigns')
      .set('Cookie', manager)
      .send({ name: 'Diwali offer', subject: 'Lights!', content: '<p>Hello</p>', recipientEmails: ['a@example.com', 'b@example.com'] })
      .expect(201);
    await t.http.delete(`/api/campaigns/${created.body.id}`).set('Cookie', manager).expect(204);
    const page = await t.http.get('/api/admin/activity?who=Manager&pageSize=2').set('Cookie', manager).expect(200);
    expect(page.body.items.map((e: { action: string; object: string; detail: string }) => [e.action, e.object, e.detail])).toEqual([
      ['campaign.delete', 'Campaign "Diwali offer"', 'draft'],
      ['campaign.create', 'Campaign "Diwali offer"', '2 recipients'],
    ]);
  });
});
