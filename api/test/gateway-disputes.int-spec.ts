import { startStripeStandIn, type StripeStandIn } from '@festival/test-kit';
import type {
  AdminDrinkOrderRow,
  DrinkOrderDetails,
  PaidPartyTicketRow,
  PartyOrderDetails,
  ReconciliationReport,
  RevenueReport,
} from '@festival/contracts';
import { createDrinkPaymentRequest, intentIdOf } from './support/drinks.js';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { signedStripeEvent, stripeStandInEnv } from './support/stripe.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const WEBHOOK_SECRET = 'whsec_disputes_stand_in';
const PASSWORD = 'disputes-password-2026';
let events = 0;

/** A Stripe event of `type` about `object`, as its webhook sends it. */
function stripeEvent(type: string, object: object) {
  events += 1;
  return {
    id: `evt_disputes_${events}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  };
}

/** Stripe's dispute object on a payment, in `status`. */
function dispute(id: string, intentId: string, amount: number, status: string) {
  return {
    id,
    object: 'dispute',
    amount,
    currency: 'usd',
    charge: `ch_${intentId}`,
    payment_intent: intentId,
    reason: 'fraudulent',
    status,
    // The bank's dispute comes after the payment (days later, in life; a minute here).
    created: Math.ceil(Date.now() / 1000) + 60,
    metadata: {},
    livemode: false,
  };
}

describe(`refunds and disputes made in Stripe's dashboard arrive by signed webhook, on ${TEST_DATABASE}`, () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({
      ...stripeStandInEnv(standIn.url, WEBHOOK_SECRET),
      ADMIN_PASSWORD: PASSWORD,
    });
    manager = await managerCookie(t, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  /** POSTs an event to the webhook, signed with the webhook secret, and expects it accepted. */
  async function post(event: object): Promise<void> {
    const { body, signature } = signedStripeEvent(event, WEBHOOK_SECRET);
    await t.http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(body)
      .expect(200, { received: true });
  }

  const get = async <T>(path: string): Promise<T> => (await t.http.get(path).set('Cookie', manager).expect(200)).body as T;

  async function paidPartyOrder(email: string): Promise<{ orderId: string; intentId: string }> {
    const held = await t.http
      .post('/api/party-payment-intent')
      .send(createPartyOrderRequest({ customerEmail: email }))
      .expect(200);
    const intentId = intentIdOf(String(held.body.clientSecret));
    standIn.confirmPayment(intentId);
    await post(stripeEvent('payment_intent.succeeded', standIn.intents.get(intentId)!));
    return { orderId: held.body.orderId as string, intentId };
  }

  async function paidDrinkOrder(customerName: string): Promise<{ orderId: string; intentId: string }> {
    const created = await t.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest({ customerName })).expect(200);
    const intentId = intentIdOf(String(created.body.clientSecret));
    standIn.confirmPayment(intentId);
    await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: intentId }).expect(200);
    return { orderId: created.body.orderId as string, intentId };
  }

  it('a chargeback on a ticket order shows Disputed on the order and its row, is held apart in the totals, and once lost comes off net', async () => {
    const { orderId, intentId } = await paidPartyOrder('disputed.buyer@example.com');
    const before = await get<RevenueReport>('/api/admin/reports');
    const total = (await get<PartyOrderDetails>(`/api/admin/party-orders/${orderId}`)).totalCents;

    // Opened at the bank: the same event delivered twice records one dispute.
    const opened = stripeEvent('charge.dispute.created', dispute('dp_party_1', intentId, total, 'needs_response'));
    await post(opened);
    await post(opened);
    const disputed = await get<PartyOrderDetails>(`/api/admin/party-orders/${orderId}`);
    expect(disputed.status).toBe('paid');
    expect(disputed.dispute).toMatchObject({
      id: 'dp_party_1',
      status: 'open',
      gatewayStatus: 'needs_response',
      amountCents: total,
      reason: 'fraudulent',
      closedAt: null,
    });
    expect(disputed.timeline.filter((e) => e.kind === 'disputed')).toEqual([
      expect.objectContaining({ who: 'Stripe', detail: `$${(total / 100).toFixed(2)} disputed by the card's bank (fraudulent)` }),
    ]);
    const row = (await get<PaidPartyTicketRow[]>('/api/party-tickets')).find((r) => r.id === orderId);
    expect(row?.dispute).toBe('open');

    const held = await get<RevenueReport>('/api/admin/reports');
    expect(held.totals.disputedCents).toBe(before.totals.disputedCents + total);
    // Held by the gateway while the bank decides: not taken off net yet.
    expect(held.totals.netCents).toBe(before.totals.netCents);
    const reconciled = await get<ReconciliationReport>('/api/admin/reports/reconciliation');
    expect(reconciled).toMatchObject({ allMatch: true, disputed: 1 });

    // Under review, then lost: the money went back to the card.
    await post(stripeEvent('charge.dispute.updated', dispute('dp_party_1', intentId, total, 'under_review')));
    expect((await get<PartyOrderDetails>(`/api/admin/party-orders/${orderId}`)).dispute).toMatchObject({
      status: 'open',
      gatewayStatus: 'under_review',
    });
    await post(stripeEvent('charge.dispute.closed', dispute('dp_party_1', intentId, total, 'lost')));
    // A late update delivered after the closing does not open it again.
    await post(stripeEvent('charge.dispute.updated', dispute('dp_party_1', intentId, total, 'under_review')));
    const lost = await get<PartyOrderDetails>(`/api/admin/party-orders/${orderId}`);
    expect(lost.dispute).toMatchObject({ status: 'lost', gatewayStatus: 'lost', closedAt: expect.any(String) });
    expect(lost.timeline.filter((e) => e.kind.startsWith('dispute')).map((e) => e.kind)).toEqual(['disputed', 'dispute.lost']);
    expect((await get<PaidPartyTicketRow[]>('/api/party-tickets')).find((r) => r.id === orderId)?.dispute).toBe('lost');

    const after = await get<RevenueReport>('/api/admin/reports');
    expect(after.totals).toMatchObject({
      disputedCents: before.totals.disputedCents,
      disputesLostCents: before.totals.disputesLostCents + total,
      netCents: before.totals.netCents - total,
    });
  });

  it("a drinks order refunded in Stripe's dashboard is refunded here; another's chargeback is shown and, once won, kept", async () => {
    const refunded = await paidDrinkOrder('Refunded at the bank');
    const total = (await get<DrinkOrderDetails>(`/api/admin/drink-orders/${refunded.orderId}`)).totalCents;
    const charge = { id: `ch_${refunded.intentId}`, object: 'charge', payment_intent: refunded.intentId, amount: total, metadata: {} };
    await post(stripeEvent('charge.refunded', { ...charge, amount_refunded: 700 }));
    expect(await get<DrinkOrderDetails>(`/api/admin/drink-orders/${refunded.orderId}`)).toMatchObject({
      status: 'paid',
      refundedCents: 700,
    });
    await post(stripeEvent('charge.refunded', { ...charge, amount_refunded: total }));
    const whole = await get<DrinkOrderDetails>(`/api/admin/drink-orders/${refunded.orderId}`);
    expect(whole).toMatchObject({ status: 'refunded', refundedCents: total });
    expect(whole.timeline.at(-1)).toMatchObject({ kind: 'refunded', who: 'Stripe' });

    const disputedOrder = await paidDrinkOrder('Disputed at the bank');
    await post(stripeEvent('charge.dispute.created', dispute('dp_drink_1', disputedOrder.intentId, total, 'warning_needs_response')));
    const rows = async () => get<AdminDrinkOrderRow[]>('/api/admin/drink-orders');
    expect((await rows()).find((r) => r.id === disputedOrder.orderId)?.dispute).toBe('open');
    await post(stripeEvent('charge.dispute.closed', dispute('dp_drink_1', disputedOrder.intentId, total, 'won')));
    expect((await rows()).find((r) => r.id === disputedOrder.orderId)?.dispute).toBe('won');
    const details = await get<DrinkOrderDetails>(`/api/admin/drink-orders/${disputedOrder.orderId}`);
    expect(details.timeline.slice(-2).map((e) => [e.kind, e.detail])).toEqual([
      ['disputed', `$${(total / 100).toFixed(2)} disputed by the card's bank (fraudulent)`],
      ['dispute.won', `decided for the restaurant: $${(total / 100).toFixed(2)} kept`],
    ]);
  });
});
