import type { BarOrderStatus } from '@festival/contracts';
import { createDrinkPaymentRequest, createTabOrderRequest, openTab, staffCookie, TEST_CARD } from './support/drinks.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'drink-status-staff-password';

/** A paid order placed at the bar, as the guest's phone knows it: its id and the payment's client secret. */
async function paidOrder(t: TestApp, customerName = 'Priya Natarajan'): Promise<{ orderId: string; clientSecret: string; number: number }> {
  const created = await t.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest({ customerName })).expect(200);
  const clientSecret = created.body.clientSecret as string;
  const paid = await t.http
    .post('/api/payments/simulated/confirm')
    .send({ clientSecret, ...TEST_CARD })
    .expect(200);
  const receipt = await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: paid.body.id }).expect(200);
  return { orderId: created.body.orderId as string, clientSecret, number: receipt.body.number as number };
}

const statusPath = (orderId: string) => `/api/drink-orders/${orderId}/status`;

describe(`the guest follows a drink order through the bar on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD });
    cookie = await staffCookie(t, PASSWORD);
  });
  afterAll(() => t.close());

  async function barMarks(orderId: string, status: BarOrderStatus): Promise<void> {
    await t.http.patch(`/api/admin/bar/orders/${orderId}`).set('Cookie', cookie).send({ status }).expect(200);
  }

  it('answers the phone holding the client secret with the status after each bar step, and 304 while unchanged', async () => {
    const order = await paidOrder(t);
    const ask = () => t.http.get(statusPath(order.orderId)).set('X-Client-Secret', order.clientSecret);

    const fresh = await ask().expect(200);
    expect(fresh.body).toEqual({ orderId: order.orderId, number: order.number, barStatus: 'new' });
    expect(fresh.headers['cache-control']).toBe('private, no-cache');
    const newTag = fresh.headers.etag as string;
    expect(newTag).toMatch(/^W\/".+"$/);

    // Nothing changed: the poll costs a 304 with no body.
    const unchanged = await ask().set('If-None-Match', newTag).expect(304);
    expect(unchanged.text).toBe('');
    expect(unchanged.headers.etag).toBe(newTag);

    await barMarks(order.orderId, 'ready');
    const ready = await ask().set('If-None-Match', newTag).expect(200);
    expect(ready.body).toEqual({ orderId: order.orderId, number: order.number, barStatus: 'ready' });
    expect(ready.headers.etag).not.toBe(newTag);
    await ask()
      .set('If-None-Match', ready.headers.etag as string)
      .expect(304);

    await barMarks(order.orderId, 'served');
    const served = await ask()
      .set('If-None-Match', ready.headers.etag as string)
      .expect(200);
    expect(served.body.barStatus).toBe('served');

    // A mistaken "served" taken back at the bar shows Ready again.
    await barMarks(order.orderId, 'ready');
    expect((await ask().expect(200)).body.barStatus).toBe('ready');
  });

  it('tells nothing to a caller without the secret: no status, no number, no name', async () => {
    const order = await paidOrder(t, 'Secret Sangeeta');
    const other = await paidOrder(t, 'Other Omar');
    const { tabToken } = await openTab(t);
    const refused = [
      await t.http.get(statusPath(order.orderId)),
      await t.http.get(statusPath(order.orderId)).set('X-Client-Secret', ''),
      await t.http.get(statusPath(order.orderId)).set('X-Client-Secret', `${order.clientSecret}x`),
      await t.http.get(statusPath(order.orderId)).set('X-Client-Secret', other.clientSecret),
      await t.http.get(statusPath(order.orderId)).set('X-Tab-Token', tabToken),
      await t.http.get(statusPath(order.orderId)).set('X-Client-Secret', order.clientSecret.split('_secret_')[0]),
    ];
    for (const res of refused) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Order not found' });
      expect(res.text).not.toContain('Sangeeta');
      expect(res.text).not.toContain(String(order.number));
    }
    // An unknown id answers exactly like a known id with the wrong secret.
    const unknown = await t.http.get(statusPath('00000000-0000-4000-8000-000000000000')).set('X-Client-Secret', order.clientSecret);
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'Order not found' }]);
    // The secret of the right order still works.
    await t.http.get(statusPath(order.orderId)).set('X-Client-Secret', order.clientSecret).expect(200);
  });

  it('does not follow an order that has not reached the bar (payment not made)', async () => {
    const created = await t.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest()).expect(200);
    const res = await t.http
      .get(statusPath(created.body.orderId as string))
      .set('X-Client-Secret', created.body.clientSecret as string)
      .expect(404);
    expect(res.body).toEqual({ message: 'This order has not reached the bar' });
  });

  it('follows a tab order with the tab token, and the tab view carries each order’s bar status with an ETag', async () => {
    const { tabId, tabToken } = await openTab(t);
    const placed = await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
    const orderId = placed.body.orderId as string;

    await t.http.get(statusPath(orderId)).expect(404);
    await t.http.get(statusPath(orderId)).set('X-Tab-Token', 'not-the-token').expect(404);
    const other = await openTab(t, TEST_CARD, { customerName: 'Someone Else' });
    await t.http.get(statusPath(orderId)).set('X-Tab-Token', other.tabToken).expect(404);
    const status = await t.http.get(statusPath(orderId)).set('X-Tab-Token', tabToken).expect(200);
    expect(status.body).toEqual({ orderId, number: placed.body.number, barStatus: 'new' });

    const tabView = () => t.http.get(`/api/drink-tab/${tabId}`).set('X-Tab-Token', tabToken);
    const before = await tabView().expect(200);
    expect(before.headers['cache-control']).toBe('private, no-cache');
    expect(before.body.orders.map((o: { orderId: string; barStatus: string }) => [o.orderId, o.barStatus])).toEqual([[orderId, 'new']]);
    await tabView()
      .set('If-None-Match', before.headers.etag as string)
      .expect(304);

    await barMarks(orderId, 'ready');
    const after = await tabView()
      .set('If-None-Match', before.headers.etag as string)
      .expect(200);
    expect(after.body.orders.map((o: { orderId: string; barStatus: string }) => [o.orderId, o.barStatus])).toEqual([[orderId, 'ready']]);
    expect((await t.http.get(statusPath(orderId)).set('X-Tab-Token', tabToken).expect(200)).body.barStatus).toBe('ready');
    // The tab view is refused without the token, as before.
    await t.http.get(`/api/drink-tab/${tabId}`).expect(404);
  });

  it('a status change made through one replica shows on the next poll of another replica', async () => {
    const sameDatabase: Record<string, string> = t.config.database.type === 'sqlite' ? { SQLITE_PATH: t.config.database.path } : {};
    const replicaB = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ...sameDatabase }, { keepDatabase: true });
    try {
      const order = await paidOrder(t, 'Two Replicas');
      const onB = () => replicaB.http.get(statusPath(order.orderId)).set('X-Client-Secret', order.clientSecret);
      const first = await onB().expect(200);
      expect(first.body.barStatus).toBe('new');
      await barMarks(order.orderId, 'ready'); // through replica A
      const next = await onB()
        .set('If-None-Match', first.headers.etag as string)
        .expect(200);
      expect(next.body.barStatus).toBe('ready');
      // Both replicas tag the same answer alike, so a poll moving between them still gets 304.
      const onA = await t.http
        .get(statusPath(order.orderId))
        .set('X-Client-Secret', order.clientSecret)
        .set('If-None-Match', next.headers.etag as string);
      expect(onA.status).toBe(304);
    } finally {
      await replicaB.app.close();
    }
  });
});
