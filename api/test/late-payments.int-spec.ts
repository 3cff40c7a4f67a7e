import {
  type AdminPromoCode,
  type AdminSettings,
  type FeastCatalog,
  type FeastPacksSettings,
  type PartyOrderDetails,
} from '@festival/contracts';
import { startSmtpSink, type SmtpSink } from '@festival/test-kit';
import { FeastOrderEntity } from '../src/modules/feast/feast-order.entity.js';
import { LAPSED_HOLD_GRACE_MS, LapsedHolds } from '../src/modules/payments/order-lifecycle/lapsed-holds.js';
import { SimulatedPaymentEntity } from '../src/modules/payments/simulated-payment.entity.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'late-payments-password-2026';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

/**
 * Late payments (docs/RELIABILITY.md, "Late payments"): a hold that was released (the buyer
 * started another order) or has lapsed has its payment cancelled at the gateway, and a payment
 * that still gets through is honoured only as a new order would be accepted at that moment;
 * otherwise it is refunded, the buyer told why, and the staff see it in the order's timeline.
 */
describe(`late payments of released or lapsed holds, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let manager: string;
  let addresses = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', SMTP_URL: sink.url, TICKET_CAPACITY: '100' });
    manager = await managerCookie(t, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const partyOrders = () => t.dataSource.getRepository(PartyOrderEntity);
  const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];
  /** The card went through at the gateway just before the hold was released (the race the cancel closes). */
  const paidAtGateway = (clientSecret: string) =>
    t.dataSource.getRepository(SimulatedPaymentEntity).update({ id: intentIdOf(clientSecret) }, { status: 'succeeded' });
  const lapse = (orderId: string) => partyOrders().update({ id: orderId }, { holdExpiresAt: new Date(Date.now() - 1000) });

  function startOrder(email: string, overrides: Record<string, unknown> = {}) {
    addresses += 1;
    return t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', `192.0.2.${(addresses % 250) + 1}`)
      .send(createPartyOrderRequest({ customerEmail: email, ...overrides }));
  }
  const confirm = (clientSecret: string) =>
    t.http.post('/api/confirm-payment').send({ paymentIntentId: intentIdOf(clientSecret), type: 'party_ticket', clientSecret });
  const payByCard = (clientSecret: string) => t.http.post('/api/payments/simulated/confirm').send({ clientSecret, ...CARD });

  async function mailTo(email: string, subject: RegExp) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = sink.messages.find((m) => m.envelopeTo.includes(email) && subject.test(m.parsed.subject ?? ''));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No e-mail ${subject} to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function ticketSettings(changes: Record<string, unknown>): Promise<void> {
    const { tickets } = (await t.http.get('/api/admin/settings').set('Cookie', manager).expect(200)).body as AdminSettings;
    await t.http
      .put('/api/admin/settings/tickets')
      .set('Cookie', manager)
      .send({ ...tickets, ...changes })
      .expect(200);
  }

  it("F1: a released hold's payment is cancelled at the gateway, so its card form can no longer pay", async () => {
    const parked = await startOrder('parker@example.com').expect(200);
    await startOrder('parker@example.com').expect(200);
    const refused = await payByCard(parked.body.clientSecret).expect(400);
    expect(refused.body.message).toBe('This payment was canceled');
    expect(await partyOrders().findOneByOrFail({ id: parked.body.orderId })).toMatchObject({ status: 'cancelled' });
  });

  it('F1: a lapsed hold is released a minute after it ran out and its payment cancelled at the gateway, so its card form can no longer pay', async () => {
    const lapsed = await startOrder('lapser@example.com').expect(200);
    const justRunOut = await startOrder('just-run-out@example.com').expect(200);
    await partyOrders().update({ id: lapsed.body.orderId }, { holdExpiresAt: new Date(Date.now() - LAPSED_HOLD_GRACE_MS - 5_000) });
    await partyOrders().update({ id: justRunOut.body.orderId }, { holdExpiresAt: new Date(Date.now() - 5_000) });

    const released = await t.app.get(LapsedHolds).release();
    expect(released.Order).toBeGreaterThanOrEqual(1);
    expect(await partyOrders().findOneByOrFail({ id: lapsed.body.orderId })).toMatchObject({ status: 'cancelled' });
    const refused = await payByCard(lapsed.body.clientSecret).expect(400);
    expect(refused.body.message).toBe('This payment was canceled');

    // Within the grace minute, a buyer whose card is being checked is not cut off.
    expect(await partyOrders().findOneByOrFail({ id: justRunOut.body.orderId })).toMatchObject({ status: 'pending' });
    await payByCard(justRunOut.body.clientSecret).expect(200);
  });

  it('F1: a parked order paid late with a one-use promo code that was used meanwhile is refunded; the code is never used twice', async () => {
    const code = (
      await t.http
        .post('/api/admin/promo-codes')
        .set('Cookie', manager)
        .send({ code: 'HALFONCE', percentOff: 50, maxUses: 1, validUntil: null, active: true })
        .expect(201)
    ).body as AdminPromoCode;
    const price = async () =>
      (await t.http.post('/api/party-quote').send({ adultTickets: 2, childTickets: 1, promoCode: 'HALFONCE' })).body;
    const totalAmount = (await price()).totalCents as number;
    // A parks an order with the code, then starts another one: A is released and the code's use freed.
    const a = await startOrder('twice@example.com', { promoCode: 'HALFONCE', totalAmount }).expect(200);
    const b = await startOrder('twice@example.com', { promoCode: 'HALFONCE', totalAmount }).expect(200);
    await payByCard(b.body.clientSecret).expect(200);
    await confirm(b.body.clientSecret).expect(200);
    // A's card had gone through at the gateway just before the release cancelled it.
    await paidAtGateway(a.body.clientSecret);
    const late = await confirm(a.body.clientSecret).expect(409);
    expect(late.body.message).toBe(
      'Your payment went through after your tickets were released, and the promo code was used up meanwhile. It has been refunded in full.',
    );
    expect(await partyOrders().findOneByOrFail({ id: a.body.orderId })).toMatchObject({
      status: 'refunded',
      failureReason: 'the promo code was used up',
    });
    const codes = (await t.http.get('/api/admin/promo-codes').set('Cookie', manager).expect(200)).body as AdminPromoCode[];
    expect(codes.find((c) => c.id === code.id)).toMatchObject({ uses: 1, maxUses: 1 });
    const mail = await mailTo('twice@example.com', /has been refunded$/);
    expect(mail.parsed.text).toContain('the promo code was used up in the meantime');
    const details = (await t.http.get(`/api/admin/party-orders/${a.body.orderId}`).set('Cookie', manager).expect(200))
      .body as PartyOrderDetails;
    expect(details.timeline.at(-1)).toMatchObject({
      kind: 'refunded',
      who: 'System',
      detail: expect.stringContaining('the promo code was used up'),
    });
  });

  it('F1: a lapsed hold paid after a price rise, or after the sales closed, is refunded; one paid at terms still offered is honoured', async () => {
    const honoured = await startOrder('still-fine@example.com').expect(200);
    const dearer = await startOrder('dearer@example.com').expect(200);
    const closed = await startOrder('closed@example.com').expect(200);
    for (const order of [honoured, dearer, closed]) await lapse(order.body.orderId);

    // Lapsed, nothing changed: honoured as a new order would be.
    await payByCard(honoured.body.clientSecret).expect(200);
    await confirm(honoured.body.clientSecret).expect(200);

    await ticketSettings({ adultPriceCents: 7999 });
    await payByCard(dearer.body.clientSecret).expect(200);
    const rose = await confirm(dearer.body.clientSecret).expect(409);
    expect(rose.body.message).toContain('and the ticket price went up meanwhile');

    await ticketSettings({ saleClosesAt: new Date(Date.now() - 60_000).toISOString() });
    await payByCard(closed.body.clientSecret).expect(200);
    const ended = await confirm(closed.body.clientSecret).expect(409);
    expect(ended.body.message).toContain('and ticket sales closed meanwhile');
    // A Tamil page is told the same in Tamil, with the code the party page knows it by (asked again: the answer stands).
    const tamil = await confirm(closed.body.clientSecret).set('Accept-Language', 'ta').expect(409);
    expect(tamil.body).toEqual({
      message:
        'உங்கள் டிக்கெட்டுகள் விடுவிக்கப்பட்ட பிறகு உங்கள் பணம் வந்து சேர்ந்தது, அதற்குள் டிக்கெட் விற்பனை முடிவடைந்தது. முழுத் தொகையும் திருப்பித் தரப்பட்டுள்ளது.',
      code: 'payments.late-refunded',
    });
    // A new order while sales are closed: refused in the page's language, and in English as always.
    expect((await startOrder('too-late@example.com').expect(409)).body).toEqual({ message: 'Ticket sales have ended' });
    expect((await startOrder('too-late@example.com').set('Accept-Language', 'hi').expect(409)).body).toEqual({
      message: 'टिकटों की बिक्री ख़त्म हो गई है',
      code: 'sales.ended',
    });

    const statuses = await Promise.all([honoured, dearer, closed].map((o) => partyOrders().findOneByOrFail({ id: o.body.orderId })));
    expect(statuses.map((o) => [o.status, o.failureReason])).toEqual([
      ['paid', null],
      ['refunded', 'the ticket price went up'],
      ['refunded', 'ticket sales closed'],
    ]);
    expect((await mailTo('dearer@example.com', /has been refunded$/)).parsed.text).toContain('the ticket price went up in the meantime');
    await ticketSettings({ saleClosesAt: null, adultPriceCents: 4999 });
  });

  it('F1: a lapsed feast pre-order paid after pre-orders closed is refunded and the buyer told why', async () => {
    await t.http
      .put('/api/admin/feast-packs')
      .set('Cookie', manager)
      .send({
        open: true,
        packs: [{ name: 'Vegetarian Feast Pack', description: 'Paneer, biryani, breads, sweets', price: 3999, vegetarian: true }],
        slots: [{ date: '2026-11-07', time: '13:30', capacity: 40 }],
      })
      .expect(200);
    const catalog = (await t.http.get('/api/feast-packs').expect(200)).body as FeastCatalog;
    const pack = catalog.packs[0];
    const quote = Math.round(pack.price * 2 * (1 + catalog.taxRateBasisPoints / 10_000));
    const started = await t.http
      .post('/api/feast-order-intent')
      .set('X-Forwarded-For', '192.0.2.251')
      .send({
        customerName: 'Late Feast',
        customerEmail: 'late-feast@example.com',
        customerPhone: '(408) 555-0100',
        items: [{ packId: pack.id, quantity: 2 }],
        slotId: catalog.slots[0].id,
        totalAmount: quote,
      });
    expect(started.status).toBe(200);
    await t.dataSource.getRepository(FeastOrderEntity).update({ id: started.body.orderId }, { holdExpiresAt: new Date(Date.now() - 1000) });
    const section = (await t.http.get('/api/admin/feast-packs').set('Cookie', manager).expect(200)).body as FeastPacksSettings;
    await t.http
      .put('/api/admin/feast-packs')
      .set('Cookie', manager)
      .send({
        open: false,
        packs: section.packs.map(({ id, name, description, price, vegetarian, hidden }) => ({
          id,
          name,
          description,
          price,
          vegetarian,
          hidden,
        })),
        slots: section.slots.map(({ id, date, time, capacity }) => ({ id, date, time, capacity })),
      })
      .expect(200);

    await payByCard(started.body.clientSecret).expect(200);
    const late = await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId: intentIdOf(started.body.clientSecret), type: 'feast_order', clientSecret: started.body.clientSecret })
      .expect(409);
    expect(late.body).toEqual({
      message: 'Your payment went through after your packs were released, and pre-orders closed meanwhile. It has been refunded in full.',
    });
    // The same answer to a Tamil page (the page's Accept-Language), reason and all, with its code.
    const tamil = await t.http
      .post('/api/confirm-payment')
      .set('Accept-Language', 'ta')
      .send({ paymentIntentId: intentIdOf(started.body.clientSecret), type: 'feast_order', clientSecret: started.body.clientSecret })
      .expect(409);
    expect(tamil.body).toEqual({
      message: 'உங்கள் பேக்குகள் விடுவிக்கப்பட்ட பிறகு உங்கள் பணம் வந்து சேர்ந்தது, அதற்குள் முன்பதிவுகள் முடிவடைந்தன. முழுத் தொகையும் திருப்பித் தரப்பட்டுள்ளது.',
      code: 'feast.late-refunded',
    });
    expect(await t.dataSource.getRepository(FeastOrderEntity).findOneByOrFail({ id: started.body.orderId })).toMatchObject({
      status: 'refunded',
      failureReason: 'pre-orders closed',
    });
    expect((await mailTo('late-feast@example.com', /refunded$/)).parsed.text).toContain('and pre-orders closed meanwhile');
  });
});
