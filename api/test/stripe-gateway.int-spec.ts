import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { TicketEmailService } from '../src/modules/tickets/ticket-email.service.js';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { signedStripeEvent, stripeStandInEnv } from './support/stripe.js';
import { startSmtpSink, startStripeStandIn, type SmtpSink, type StripeStandIn } from '@festival/test-kit';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';

const signedEvent = (payload: object, secret = WEBHOOK_SECRET) => signedStripeEvent(payload, secret);

function succeededEvent(id: string, intentId: string, metadata: Record<string, string>) {
  return {
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: intentId, object: 'payment_intent', metadata } },
  };
}

describe(`the Stripe adapter against a local stand-in, on ${TEST_DATABASE}`, () => {
  let standIn: StripeStandIn;
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    sink = await startSmtpSink();
    t = await createTestApp({
      ...stripeStandInEnv(standIn.url, WEBHOOK_SECRET),
      SMTP_URL: sink.url,
      ADMIN_PASSWORD: 'stripe-refunds-password-2025',
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
    await standIn.close();
  });

  it('tells the browser to use Stripe with the publishable key, and hides the simulated form', async () => {
    await t.http.get('/api/payments/config').expect(200, { mode: 'stripe', publishableKey: 'pk_test_stand_in' });
    await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' })
      .expect(404);
  });

  it('creates the payment intent with the server price and an idempotency key per order', async () => {
    const res = await t.http.post('/api/party-payment-intent').send(createPartyOrderRequest()).expect(200);
    const create = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(create?.idempotencyKey).toBe(`party-order-${res.body.orderId}`);
    expect(create?.body.get('amount')).toBe('14216');
    expect(create?.body.get('currency')).toBe('usd');
    expect(create?.body.get('metadata[orderId]')).toBe(res.body.orderId);
    expect(res.body.clientSecret).toMatch(/^pi_standin_\d+_secret_/);
  });

  it('completes the order from a signed webhook once, however often it is delivered', async () => {
    const order = await t.http
      .post('/api/party-payment-intent')
      .send(createPartyOrderRequest({ customerEmail: 'hook@example.com' }))
      .expect(200);
    const intentId = String(order.body.clientSecret).split('_secret_')[0];
    standIn.intents.get(intentId)!.status = 'succeeded';

    const event = signedEvent(succeededEvent('evt_1', intentId, { type: 'party_ticket', orderId: order.body.orderId }));
    for (let i = 0; i < 3; i += 1) {
      await t.http
        .post('/api/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', event.signature)
        .send(event.body)
        .expect(200, { received: true });
    }
    const row = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: order.body.orderId });
    expect(row.status).toBe('paid');
    await sink.waitFor(1);
    await t.app.get(TicketEmailService).idle();
    expect(sink.messages.filter((m) => m.envelopeTo.includes('hook@example.com'))).toHaveLength(1);

    // The browser's confirmation arriving after the webhook changes nothing.
    const receipt = await t.http.post('/api/confirm-payment').send({ paymentIntentId: intentId, type: 'party_ticket' }).expect(200);
    expect(receipt.body).toMatchObject({ orderId: order.body.orderId, status: 'paid' });
  });

  it("the browser's confirmation with its client secret asks Stripe about the payment once, and answers with the ticket", async () => {
    const order = await t.http
      .post('/api/party-payment-intent')
      .send(createPartyOrderRequest({ customerEmail: 'once@example.com' }))
      .expect(200);
    const clientSecret = String(order.body.clientSecret);
    const intentId = clientSecret.split('_secret_')[0];
    standIn.intents.get(intentId)!.status = 'succeeded';
    const asked = () => standIn.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intentId}`).length;

    const before = asked();
    const receipt = await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId: intentId, type: 'party_ticket', clientSecret })
      .expect(200);
    expect(receipt.body).toMatchObject({ orderId: order.body.orderId, status: 'paid', customerEmail: 'once@example.com' });
    expect(receipt.body.ticketCode).toEqual(expect.any(String));
    expect(asked() - before).toBe(1);

    // Confirmed again, already paid: no question, the order keeps the hash of its client secret.
    const again = asked();
    await t.http.post('/api/confirm-payment').send({ paymentIntentId: intentId, type: 'party_ticket', clientSecret }).expect(200);
    expect(asked() - again).toBe(0);

    // An order started before the hash was kept: one question, for the client secret alone.
    await t.dataSource.getRepository(PartyOrderEntity).update({ id: order.body.orderId }, { clientSecretHash: null });
    const legacy = asked();
    const named = await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId: intentId, type: 'party_ticket', clientSecret })
      .expect(200);
    expect(named.body).toMatchObject({ customerEmail: 'once@example.com' });
    expect(asked() - legacy).toBe(1);
    await t.app.get(TicketEmailService).idle();
  });

  it("refunds part of a payment with Stripe's amount, and reflects a refund made in Stripe's dashboard from its charge.refunded webhook", async () => {
    const manager = await managerCookie(t, 'stripe-refunds-password-2025');
    const order = await t.http
      .post('/api/party-payment-intent')
      .send(createPartyOrderRequest({ customerEmail: 'stripe.refund@example.com' }))
      .expect(200);
    const orderId = order.body.orderId as string;
    const intentId = String(order.body.clientSecret).split('_secret_')[0];
    standIn.intents.get(intentId)!.status = 'succeeded';
    const paid = signedEvent(succeededEvent('evt_refund_paid', intentId, { type: 'party_ticket', orderId }));
    await t.http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', paid.signature)
      .send(paid.body)
      .expect(200);

    const refunded = await t.http
      .post(`/api/admin/party-orders/${orderId}/refunds`)
      .set('Cookie', manager)
      .send({ adults: 1, children: 0, idempotencyKey: 'stripe-partial-1' })
      .expect(200);
    const share = Math.round((14216 * 4999) / 12997);
    const create = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').at(-1);
    expect(create?.body.get('amount')).toBe(String(share));
    expect(create?.body.get('payment_intent')).toBe(intentId);
    expect(create?.idempotencyKey).toBe(`party-refund-${refunded.body.refunds[0].id as string}`);
    expect(refunded.body.refunds[0]).toMatchObject({
      amountCents: share,
      status: 'succeeded',
      gatewayRefundId: expect.stringMatching(/^re_/),
    });

    // The rest refunded in Stripe's dashboard: its webhook says the charge is refunded in full.
    const dashboard = signedEvent({
      id: 'evt_dashboard_refund',
      object: 'event',
      type: 'charge.refunded',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: `ch_${intentId}`, object: 'charge', payment_intent: intentId, amount: 14216, amount_refunded: 14216, metadata: {} },
      },
    });
    for (let i = 0; i < 2; i += 1) {
      await t.http
        .post('/api/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', dashboard.signature)
        .send(dashboard.body)
        .expect(200);
    }
    const row = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: orderId });
    expect(row).toMatchObject({ status: 'refunded', refundedAdults: 2, refundedChildren: 1, refundedCents: 14216 });
    const details = await t.http.get(`/api/admin/party-orders/${orderId}`).set('Cookie', manager).expect(200);
    expect(details.body.refunds).toHaveLength(2);
    expect(details.body.refunds[1]).toMatchObject({ source: 'gateway', who: 'Stripe', amountCents: 14216 - share });
  });

  it('refuses a webhook with a bad or missing signature and changes nothing', async () => {
    const order = await t.http
      .post('/api/party-payment-intent')
      .send(createPartyOrderRequest({ customerEmail: 'forged@example.com' }))
      .expect(200);
    const intentId = String(order.body.clientSecret).split('_secret_')[0];
    standIn.intents.get(intentId)!.status = 'succeeded';
    const forged = signedEvent(
      succeededEvent('evt_forged', intentId, { type: 'party_ticket', orderId: order.body.orderId }),
      'whsec_wrong',
    );
    const bad = await t.http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', forged.signature)
      .send(forged.body)
      .expect(400);
    expect(bad.body).toEqual({ message: 'Invalid Stripe signature' });
    await t.http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .send(forged.body)
      .expect(400, { message: 'Missing Stripe signature' });
    const row = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: order.body.orderId });
    expect(row.status).toBe('pending');
  });

  it('refuses to confirm an order whose payment has not succeeded', async () => {
    const order = await t.http
      .post('/api/party-payment-intent')
      .send(createPartyOrderRequest({ customerEmail: 'unpaid@example.com' }))
      .expect(200);
    const intentId = String(order.body.clientSecret).split('_secret_')[0];
    const res = await t.http.post('/api/confirm-payment').send({ paymentIntentId: intentId, type: 'party_ticket' }).expect(409);
    expect(res.body).toEqual({ message: 'Payment was not completed' });
  });
});
