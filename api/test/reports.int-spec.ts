import { randomUUID } from 'node:crypto';
import { priceDrinks, priceParty, type ReconciliationReport, type RevenueReport } from '@festival/contracts';
import { startStripeStandIn, type StripeStandIn } from '@festival/test-kit';
import { DrinkOrderEntity } from '../src/modules/drinks/drink-order.entity.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { SimulatedPaymentEntity } from '../src/modules/payments/simulated-payment.entity.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { createDrinkPaymentRequest, createLines, payDrinks } from './support/drinks.js';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'reports-staff-password-2026';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let addresses = 0;
const nextAddress = () => `198.51.100.${(addresses = (addresses % 250) + 1)}`;

describe(`Reports: totals, revenue by channel and reconciliation, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', ANALYTICS_EVENTS_PER_MINUTE: '1000' });
    manager = await managerCookie(t, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  const report = async (): Promise<RevenueReport> =>
    (await t.http.get('/api/admin/reports').set('Cookie', manager).expect(200)).body as RevenueReport;
  const reconciliation = async (): Promise<ReconciliationReport> =>
    (await t.http.get('/api/admin/reports/reconciliation').set('Cookie', manager).expect(200)).body as ReconciliationReport;

  /** A visit through a marketing link: the landing page's view with its utm parameters. */
  async function visit(sessionId: string, utm: { utmSource: string; utmMedium: string; utmCampaign: string }): Promise<void> {
    await t.http
      .post('/api/analytics')
      .set('X-Forwarded-For', nextAddress())
      .set('User-Agent', BROWSER)
      .send({ eventType: 'party_page_view', sessionId, pageViewId: randomUUID(), ...utm })
      .expect(204);
  }

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`Still not there: ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Tickets bought in the visitor's session and paid with the simulated card; waits until the order is paid. */
  async function buyTickets(sessionId: string, adultTickets: number, childTickets: number, email: string) {
    const created = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send({ ...createPartyOrderRequest({ customerEmail: email, adultTickets, childTickets }), sessionId })
      .expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .set('X-Forwarded-For', nextAddress())
      .send({ clientSecret: created.body.clientSecret, ...CARD })
      .expect(200);
    const orderId = created.body.orderId as string;
    const repo = t.dataSource.getRepository(PartyOrderEntity);
    await until(
      () => repo.findOneByOrFail({ id: orderId }),
      (o) => o.status === 'paid',
    );
    return { orderId, paymentIntentId: paid.body.id as string };
  }

  it('adds up to the cent with a partial refund, credits each campaign its own revenue, and reconciles with the gateway until a payment changes there', async () => {
    // Two marketing links: the Facebook one visited twice (two pages), the Instagram one once.
    const facebook = { utmSource: 'facebook', utmMedium: 'social', utmCampaign: 'diwali_party_fb' };
    const instagram = { utmSource: 'instagram', utmMedium: 'social', utmCampaign: 'diwali_party_ig' };
    await visit('session-reports-fb', facebook);
    await visit('session-reports-fb', facebook);
    await visit('session-reports-ig', instagram);

    const family = priceParty({ adultTickets: 2, childTickets: 1, adultPriceCents: 4999, childPriceCents: 2999, promoPercent: 0 });
    const single = priceParty({ adultTickets: 1, childTickets: 0, adultPriceCents: 4999, childPriceCents: 2999, promoPercent: 0 });
    expect([family.totalCents, single.totalCents]).toEqual([14216, 5468]);
    const fb = await buyTickets('session-reports-fb', 2, 1, 'meena.iyer@example.com');
    const ig = await buyTickets('session-reports-ig', 1, 0, 'ravi.kumar@example.com');

    // One adult of the family's order refunded: its share of the total, with tax.
    const refunded = await t.http
      .post(`/api/admin/party-orders/${fb.orderId}/refunds`)
      .set('Cookie', manager)
      .send({ adults: 1, children: 0, idempotencyKey: randomUUID() })
      .expect(200);
    const share = refunded.body.refunds[0].amountCents as number;
    expect(share).toBe(Math.round((14216 * 4999) / 12997));
    expect(share).toBe(5468);

    // A round of drinks paid at once (no analytics session: not in the channels).
    const lines = createLines();
    const drinks = priceDrinks(lines);
    const drink = await payDrinks(t, createDrinkPaymentRequest({ items: lines }));
    await until(
      () => t.dataSource.getRepository(DrinkOrderEntity).findOneByOrFail({ id: drink.orderId }),
      (o) => o.status === 'paid',
    );

    // Two guests of the chef, given by the staff: comps, no revenue.
    await t.http
      .post('/api/admin/party-orders/comps')
      .set('Cookie', manager)
      .send({
        customerName: 'Chef Family',
        customerEmail: 'chef.family@example.com',
        adults: 2,
        children: 0,
        reason: 'Family of the chef',
        requestId: randomUUID(),
      })
      .expect(200);

    const shown = await report();
    expect(shown.totals).toEqual({
      ticketRevenueCents: 14216 + 5468,
      drinksRevenueCents: drinks.totalCents,
      tipsCents: 0,
      tipsPayNowCents: 0,
      tipsTabCents: 0,
      feastRevenueCents: 0,
      refundsCents: 5468,
      disputedCents: 0,
      disputesLostCents: 0,
      netCents: 14216 + 5468 + drinks.totalCents - 5468,
      taxCents: family.taxCents + single.taxCents + drinks.taxCents,
      ticketsSold: 2 + 1,
      compOrders: 1,
      compTickets: 2,
    });
    expect(shown.byDay.reduce((n, d) => n + d.ticketsCents, 0)).toBe(14216 + 5468);
    expect(shown.byDay.reduce((n, d) => n + d.drinksCents, 0)).toBe(drinks.totalCents);
    expect(shown.drinksByHour.reduce((n, h) => n + h.revenueCents, 0)).toBe(drinks.totalCents);
    expect(shown.drinksByItem).toEqual(
      expect.arrayContaining(
        lines.map((l) => expect.objectContaining({ name: l.name, quantity: l.quantity, revenueCents: l.price * l.quantity })),
      ),
    );

    // Each campaign: its visits, its one order and what it brought in (less the refund).
    expect(shown.channels).toEqual(
      expect.arrayContaining([
        {
          source: 'facebook',
          medium: 'social',
          campaign: 'diwali_party_fb',
          visits: 2,
          orders: 1,
          revenueCents: 14216 - 5468,
          revenuePerVisitCents: Math.round((14216 - 5468) / 2),
        },
        {
          source: 'instagram',
          medium: 'social',
          campaign: 'diwali_party_ig',
          visits: 1,
          orders: 1,
          revenueCents: 5468,
          revenuePerVisitCents: 5468,
        },
      ]),
    );

    // The channels as CSV (dollars, formula-safe quoted cells) and XLSX.
    const csv = await t.http.get('/api/admin/reports/exports/revenue-by-channel?format=csv').set('Cookie', manager).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="revenue-by-channel-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text).toContain('"Source","Medium","Campaign","Visits","Orders","Revenue","Revenue per Visit"\r\n');
    expect(csv.text).toContain(`"facebook","social","diwali_party_fb","2","1","87.48","${((14216 - 5468) / 2 / 100).toFixed(2)}"\r\n`);
    expect(csv.text).toContain('"instagram","social","diwali_party_ig","1","1","54.68","54.68"\r\n');
    const xlsx = await t.http
      .get('/api/admin/reports/exports/party-tickets?format=xlsx')
      .set('Cookie', manager)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    await t.http.get('/api/admin/reports/exports/everything').set('Cookie', manager).expect(400);

    // Reconciliation: the two ticket orders and the drinks order match the gateway.
    expect(await reconciliation()).toEqual({ checked: 3, outsideGateway: 0, disputed: 0, allMatch: true, mismatches: [] });

    // Behind the product's back, the gateway's record of the Instagram payment changes.
    await t.dataSource.getRepository(SimulatedPaymentEntity).update({ id: ig.paymentIntentId }, { amountCents: 5000 });
    const changed = await reconciliation();
    expect(changed.allMatch).toBe(false);
    expect(changed.mismatches).toEqual([
      expect.objectContaining({
        kind: 'amount-differs',
        paymentId: ig.paymentIntentId,
        orderType: 'tickets',
        orderId: ig.orderId,
        hereCents: 5468,
        gatewayCents: 5000,
        message: expect.stringContaining('paid $54.68 here, $50.00 at the gateway'),
      }),
    ]);

    // A payment at the gateway that no order here accounts for (made 10 minutes ago).
    await t.dataSource.getRepository(SimulatedPaymentEntity).update({ id: ig.paymentIntentId }, { amountCents: 5468 });
    await t.dataSource.getRepository(SimulatedPaymentEntity).insert({
      id: 'pi_sim_stray_payment',
      kind: 'payment',
      clientSecret: 'pi_sim_stray_payment_secret_x',
      idempotencyKey: 'stray-payment',
      amountCents: 2500,
      status: 'succeeded',
      metadata: '{}',
      lastError: null,
      customerId: null,
      paymentMethodId: null,
      refundedCents: 0,
      refundedAt: null,
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const stray = await reconciliation();
    expect(stray.mismatches).toEqual([
      expect.objectContaining({
        kind: 'missing-here',
        paymentId: 'pi_sim_stray_payment',
        orderId: null,
        gatewayCents: 2500,
        hereCents: null,
      }),
    ]);
  });

  it('answers a bad filter with 400 and its reason', async () => {
    const res = await t.http.get('/api/admin/reports?from=2026-10-02&to=2026-10-01').set('Cookie', manager).expect(400);
    expect(res.body.message).toContain('To cannot be before From');
  });
});

describe(`the Stripe adapter's payments for reconciliation, against a local stand-in, on ${TEST_DATABASE}`, () => {
  let standIn: StripeStandIn;
  let t: TestApp;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
      STRIPE_WEBHOOK_SECRET: 'whsec_reports_stand_in',
      STRIPE_API_URL: standIn.url,
      ADMIN_PASSWORD: PASSWORD,
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('lists the succeeded payments of a period and retrieves one, each with what was refunded of it', async () => {
    const gateway = t.app.get(PaymentGateway);
    const since = new Date(Date.now() - 60_000);
    const paid = await gateway.chargeSavedCard({
      customerId: 'cus_reports',
      paymentMethodId: 'pm_card_visa',
      amountCents: 2500,
      description: 'Drinks tab',
      metadata: { type: 'drink_tab' },
      idempotencyKey: 'reports-stripe-charge',
    });
    await gateway.refundPayment(paid.id, 'reports-stripe-refund', 500);
    const unpaid = await gateway.createPaymentIntent({
      amountCents: 900,
      description: 'Party tickets',
      metadata: {},
      idempotencyKey: 'reports-stripe-unpaid',
    });

    const listed = await gateway.listPayments({ since, until: null });
    expect(listed).toEqual([expect.objectContaining({ id: paid.id, status: 'succeeded', amountCents: 2500, refundedCents: 500 })]);
    expect(listed.some((p) => p.id === unpaid.id)).toBe(false);
    expect(await gateway.listPayments({ since: null, until: since })).toEqual([]);
    expect(await gateway.retrievePayment(paid.id)).toMatchObject({ id: paid.id, amountCents: 2500, refundedCents: 500 });
    expect(await gateway.retrievePayment('pi_no_such_payment')).toBeUndefined();
  });
});
