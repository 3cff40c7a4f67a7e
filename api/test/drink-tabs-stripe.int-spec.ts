import { DrinkTabEntity } from '../src/modules/drinks/drink-tab.entity.js';
import { createTabOrderRequest, staffCookie } from './support/drinks.js';
import { signedStripeEvent, stripeStandInEnv } from './support/stripe.js';
import { DECLINING_PAYMENT_METHOD, startStripeStandIn, type StripeStandIn } from '@festival/test-kit';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const WEBHOOK_SECRET = 'whsec_drinks_stand_in';
const PASSWORD = 'bar-staff-password';

function signedSetupSucceeded(setupIntentId: string, metadata: Record<string, string>) {
  return signedStripeEvent(
    {
      id: `evt_${setupIntentId}`,
      object: 'event',
      type: 'setup_intent.succeeded',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: setupIntentId, object: 'setup_intent', metadata } },
    },
    WEBHOOK_SECRET,
  );
}

describe(`drink tabs through the Stripe adapter against a local stand-in, on ${TEST_DATABASE}`, () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({
      ...stripeStandInEnv(standIn.url, WEBHOOK_SECRET),
      ADMIN_PASSWORD: PASSWORD,
    });
    cookie = await staffCookie(t, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  /** Opens a tab whose card setup the stand-in marks succeeded with `paymentMethod`. */
  async function openTab(paymentMethod: string): Promise<{ tabId: string; tabToken: string; setupIntentId: string }> {
    const created = await t.http
      .post('/api/drink-tab')
      .send({ customerName: 'Stripe Guest', customerEmail: 'guest@example.com' })
      .expect(200);
    const setupIntentId = String(created.body.clientSecret).split('_secret_')[0];
    Object.assign(standIn.setupIntents.get(setupIntentId)!, { status: 'succeeded', payment_method: paymentMethod });
    await t.http.post('/api/drink-tab/confirm-setup').send({ tabId: created.body.tabId, setupIntentId }).expect(200);
    return { tabId: created.body.tabId, tabToken: created.body.tabToken, setupIntentId };
  }

  const charges = (tabId: string) =>
    standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body.get('metadata[tabId]') === tabId);

  it('creates the customer and an off-session card setup, each with an idempotency key per tab', async () => {
    const { tabId, setupIntentId } = await openTab('pm_card_visa');
    const customer = standIn.requests.find((r) => r.path === '/v1/customers' && r.idempotencyKey === `drink-tab-customer-${tabId}`);
    expect(customer?.body.get('name')).toBe('Stripe Guest');
    const setup = standIn.requests.find(
      (r) => r.path === '/v1/setup_intents' && r.method === 'POST' && r.idempotencyKey === `drink-tab-setup-${tabId}`,
    );
    expect(setup?.body.get('usage')).toBe('off_session');
    expect(setup?.body.get('customer')).toMatch(/^cus_standin_/);
    expect(setup?.body.get('metadata[type]')).toBe('drink_tab');
    expect(standIn.setupIntents.get(setupIntentId)?.metadata.tabId).toBe(tabId);
  });

  it('opens a tab from the signed setup_intent.succeeded webhook alone', async () => {
    const created = await t.http.post('/api/drink-tab').send({ customerName: 'Webhook Guest' }).expect(200);
    const setupIntentId = String(created.body.clientSecret).split('_secret_')[0];
    Object.assign(standIn.setupIntents.get(setupIntentId)!, { status: 'succeeded', payment_method: 'pm_card_visa' });
    const event = signedSetupSucceeded(setupIntentId, { type: 'drink_tab', tabId: created.body.tabId });
    await t.http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', event.signature)
      .send(event.body)
      .expect(200);
    expect((await t.dataSource.getRepository(DrinkTabEntity).findOneByOrFail({ id: created.body.tabId })).status).toBe('open');
  });

  it('charges the saved card off-session exactly once, however often the tab is closed', async () => {
    const { tabId, tabToken } = await openTab('pm_card_visa');
    await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
    const results = await Promise.all(
      Array.from({ length: 3 }, () => t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie)),
    );
    expect(results.some((r) => r.status === 200)).toBe(true);
    await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie).expect(200);

    const made = charges(tabId);
    expect(made).toHaveLength(1);
    expect(made[0].idempotencyKey).toBe(`drink-tab-${tabId}-charge-1`);
    expect(
      Object.fromEntries(['amount', 'currency', 'off_session', 'confirm', 'payment_method'].map((k) => [k, made[0].body.get(k)])),
    ).toEqual({
      amount: '1859',
      currency: 'usd',
      off_session: 'true',
      confirm: 'true',
      payment_method: 'pm_card_visa',
    });
    expect(made[0].body.get('customer')).toMatch(/^cus_standin_/);
    expect(await t.dataSource.getRepository(DrinkTabEntity).findOneByOrFail({ id: tabId })).toMatchObject({
      status: 'closed',
      chargedCents: 1859,
    });
  });

  it('keeps the tab open on a declined card, and tries again with a new idempotency key', async () => {
    const { tabId, tabToken } = await openTab(DECLINING_PAYMENT_METHOD);
    await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
    const first = await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie).expect(402);
    expect(first.body).toEqual({ message: 'The card was declined: Your card was declined. The tab is still open.' });
    await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie).expect(402);
    expect(charges(tabId).map((r) => r.idempotencyKey)).toEqual([`drink-tab-${tabId}-charge-1`, `drink-tab-${tabId}-charge-2`]);
    expect(await t.dataSource.getRepository(DrinkTabEntity).findOneByOrFail({ id: tabId })).toMatchObject({
      status: 'open',
      lastChargeError: 'Your card was declined.',
      chargedCents: null,
    });
  });
});
