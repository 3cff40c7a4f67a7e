import {
  drinkTabReference,
  isoToZonedWallTime,
  nextCalendarDate,
  type AdminSettings,
  type DrinkTabView,
  type MyTickets,
  type StaffDrinkTab,
} from '@festival/contracts';
import { startSmtpSink, startStripeStandIn, type SmtpSink, type StripeStandIn } from '@festival/test-kit';
import { DrinkTabEntity } from '../src/modules/drinks/drink-tab.entity.js';
import { KeptCardEntity } from '../src/modules/kept-cards/kept-card.entity.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { SimulatedPaymentEntity } from '../src/modules/payments/simulated-payment.entity.js';
import { TicketEmailService } from '../src/modules/tickets/ticket-email.service.js';
import { createTabOrderRequest, staffCookie, TEST_CARD } from './support/drinks.js';
import { createPartyOrderRequest } from './support/factories.js';
import { stripeStandInEnv } from './support/stripe.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'kept-card-password';
const HOUR = 3_600_000;
const LINK = /\/drinks\?ticket=([A-Za-z0-9_-]+)/;

let addresses = 0;
/** Each buyer from its own client address: the per-address hold limits stay out of the way. */
const nextAddress = () => `198.51.100.${(addresses += 1) % 250}`;

/** The party moved to these instants through the staff's Event section (ISO 8601, whole seconds). */
async function moveParty(t: TestApp, cookie: string, startsAtMs: number, endsAtMs: number): Promise<void> {
  const { event } = (await t.http.get('/api/admin/settings').set('Cookie', cookie).expect(200)).body as AdminSettings;
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  await t.http
    .put('/api/admin/settings/event')
    .set('Cookie', cookie)
    .send({ ...event, startsAt: iso(startsAtMs), endsAt: iso(endsAtMs) })
    .expect(200);
}

/** `Start next event` once the party is over: the day after today, in the party's time zone. */
async function startNextSeason(t: TestApp, cookie: string): Promise<void> {
  const { party } = (await t.http.get('/api/site').expect(200)).body as { party: { name: string; timeZone: string } };
  const tomorrow = nextCalendarDate(isoToZonedWallTime(new Date().toISOString(), party.timeZone).slice(0, 10));
  await t.http
    .post('/api/admin/events')
    .set('Cookie', cookie)
    .send({ name: 'Diwali DJ Night Next', date: tomorrow, closingSeasonName: party.name })
    .expect(201);
}

function mailsTo(sink: SmtpSink, email: string) {
  return sink.messages.filter((m) => m.envelopeTo.includes(email));
}

async function confirmationOf(t: TestApp, sink: SmtpSink, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (mailsTo(sink, email).length === 0) {
    if (Date.now() > deadline) throw new Error(`No confirmation e-mail to ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  await t.app.get(TicketEmailService).idle();
  return mailsTo(sink, email)[0].parsed.text ?? '';
}

describe(`the card kept for drinks, simulated gateway, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let staff: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', SMTP_URL: sink.url });
    staff = await staffCookie(t, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** Buys tickets as the party page does, ticking the box (or not); answers the e-mail's link token, if any. */
  async function buy(email: string, keep: boolean): Promise<{ orderId: string; token: string | undefined; text: string }> {
    const address = nextAddress();
    const created = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', address)
      .send(createPartyOrderRequest({ customerEmail: email }))
      .expect(200);
    const { orderId, clientSecret } = created.body as { orderId: string; clientSecret: string };
    if (keep)
      await t.http
        .post('/api/party-payment-intent/keep-card')
        .set('X-Forwarded-For', address)
        .send({ orderId, clientSecret, keep: true })
        .expect(204);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .set('X-Forwarded-For', address)
      .send({ clientSecret, ...TEST_CARD })
      .expect(200);
    await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket', clientSecret }).expect(200);
    const text = await confirmationOf(t, sink, email);
    return { orderId, token: LINK.exec(text)?.[1], text };
  }

  const openFromTicket = (token: string, tableNumber?: string) => t.http.post('/api/drink-tab/from-ticket').send({ token, tableNumber });

  it('without the box, nothing is kept and the confirmation has no drinks tab link', async () => {
    const bought = await buy('no.box@example.com', false);
    expect(bought.text).toContain("You're All Set!");
    expect(bought.text).not.toContain('Open my drinks tab');
    expect(bought.token).toBeUndefined();
    expect(await t.dataSource.getRepository(KeptCardEntity).countBy({ orderId: bought.orderId })).toBe(0);
  });

  it('keeps the card only for the browser holding the payment, and only before it is paid', async () => {
    const created = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send(createPartyOrderRequest({ customerEmail: 'stranger@example.com' }))
      .expect(200);
    const { orderId, clientSecret } = created.body as { orderId: string; clientSecret: string };
    const wrong = await t.http
      .post('/api/party-payment-intent/keep-card')
      .send({ orderId, clientSecret: `${clientSecret}x`, keep: true })
      .expect(404);
    expect(wrong.body).toEqual({ message: 'No ticket order for this payment' });
    const bad = await t.http.post('/api/party-payment-intent/keep-card').send({ orderId, clientSecret, keep: 'yes' }).expect(400);
    expect(bad.body.message).toMatch(/^keep: /);
    expect(await t.dataSource.getRepository(KeptCardEntity).countBy({ orderId })).toBe(0);
  });

  it('before the party the link shows the card and answers that tabs open when the party starts', async () => {
    const { token, text } = await buy('early.bird@example.com', true);
    expect(text).toContain('Open my drinks tab');
    expect(token).toBeDefined();
    const card = await t.http.post('/api/drink-tab/from-ticket/card').send({ token }).expect(200);
    expect(card.body).toEqual({ brand: 'visa', last4: '4242', customerName: 'Asha Raman' });
    const now = Date.now();
    await moveParty(t, staff, now + 24 * HOUR, now + 28 * HOUR);
    const early = await openFromTicket(token!).expect(409);
    expect(early.body).toEqual({ message: 'Tabs open when the party starts' });
    const unknown = await t.http.post('/api/drink-tab/from-ticket/card').send({ token: 'not-a-ticket' }).expect(404);
    expect(unknown.body).toEqual({ message: 'This link is not valid' });
  });

  describe('during the party', () => {
    beforeAll(async () => {
      const now = Date.now();
      await moveParty(t, staff, now - HOUR, now + 3 * HOUR);
    });

    it('opens a tab in one tap on the kept card, one at a time per ticket order, and charges it on close', async () => {
      const { orderId, token } = await buy('one.tap@example.com', true);
      const opened = await openFromTicket(token!, '7').expect(200);
      expect(opened.body).toEqual({ clientSecret: '', tabId: expect.any(String), tabToken: expect.any(String) });
      const { tabId, tabToken } = opened.body as { tabId: string; tabToken: string };
      const view = await t.http.get(`/api/drink-tab/${tabId}`).set('X-Tab-Token', tabToken).expect(200);
      expect(view.body).toMatchObject({ status: 'open', customerName: 'Asha Raman', tableNumber: '7', limitCents: t.config.tabLimitCents });

      const second = await openFromTicket(token!).expect(409);
      expect(second.body).toEqual({ message: 'A tab is already open on this card' });

      await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
      const listed = (await t.http.get('/api/admin/drink-tabs').set('Cookie', staff).expect(200)).body as StaffDrinkTab[];
      expect(listed.find((tab) => tab.id === tabId)).toMatchObject({ fromTicket: true, status: 'open' });

      const closed = await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', staff).expect(200);
      expect(closed.body).toMatchObject({ status: 'closed', chargedCents: expect.any(Number) });
      const kept = await t.dataSource.getRepository(KeptCardEntity).findOneByOrFail({ orderId });
      const charges = await t.dataSource.getRepository(SimulatedPaymentEntity).findBy({ kind: 'payment', status: 'succeeded' });
      const charge = charges.find((c) => JSON.parse(c.metadata).tabId === tabId);
      expect(charge).toMatchObject({
        paymentMethodId: kept.paymentMethodId,
        customerId: kept.customerId,
        amountCents: closed.body.chargedCents,
      });

      // Closed, so a new tab may be opened on the same card.
      await openFromTicket(token!).expect(200);
    });

    it('two taps at once open one tab', async () => {
      const { orderId, token } = await buy('two.taps@example.com', true);
      const answers = await Promise.all(Array.from({ length: 4 }, () => openFromTicket(token!)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      expect(await t.dataSource.getRepository(DrinkTabEntity).countBy({ ticketOrderId: orderId })).toBe(1);
    });

    it('Forget my card detaches it: the link then answers that the card was forgotten, and the card cannot be charged', async () => {
      const { orderId, token } = await buy('forget.me@example.com', true);
      await t.http.post('/api/drink-tab/from-ticket/forget').send({ token }).expect(204);
      await t.http.post('/api/drink-tab/from-ticket/forget').send({ token }).expect(204);
      const view = await t.http.post('/api/drink-tab/from-ticket/card').send({ token }).expect(409);
      expect(view.body).toEqual({ message: 'This card was forgotten' });
      const open = await openFromTicket(token!).expect(409);
      expect(open.body).toEqual({ message: 'This card was forgotten' });
      const kept = await t.dataSource.getRepository(KeptCardEntity).findOneByOrFail({ orderId });
      await expect(
        t.app.get(PaymentGateway).chargeSavedCard({
          customerId: kept.customerId,
          paymentMethodId: kept.paymentMethodId!,
          amountCents: 500,
          description: 'A later charge',
          metadata: {},
          idempotencyKey: `later-${orderId}`,
        }),
      ).rejects.toThrow('This card is no longer saved.');
    });

    it('My tickets shows the card kept and the tab on it; Forget my card there waits for the tab to close, then detaches it', async () => {
      const email = 'my.card@example.com';
      const { orderId, token } = await buy(email, true);
      const { tabId, tabToken } = (await openFromTicket(token!).expect(200)).body as { tabId: string; tabToken: string };
      await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
      const tab = (await t.http.get(`/api/drink-tab/${tabId}`).set('X-Tab-Token', tabToken).expect(200)).body as DrinkTabView;
      const { orderId: otherOrder } = await buy('someone.else@example.com', true);

      const cookie = await signInToMyTickets(email);
      const mine = (await t.http.get('/api/my-tickets').set('Cookie', cookie).expect(200)).body as MyTickets;
      expect(mine.orders.map((o) => [o.orderId, o.keptCard])).toEqual([[orderId, { brand: 'visa', last4: '4242' }]]);
      expect(mine.drinks).toEqual({
        tabs: [{ tabId, reference: drinkTabReference(tabId), status: 'open', totalCents: tab.totalCents, openedAt: tab.openedAt }],
        orders: [],
      });
      expect(tab.totalCents).toBeGreaterThan(0);

      // Another address's order is not the guest's to forget.
      await t.http.post(`/api/my-tickets/orders/${otherOrder}/forget-card`).set('Cookie', cookie).expect(404);
      // The open tab is charged to the card when it closes: it is closed first.
      const refused = await t.http.post(`/api/my-tickets/orders/${orderId}/forget-card`).set('Cookie', cookie).expect(409);
      expect(refused.body).toEqual({ message: 'Close your drinks tab before forgetting your card' });
      expect((await t.http.post('/api/drink-tab/from-ticket/forget').send({ token }).expect(409)).body).toEqual(refused.body);

      const closed = await t.http
        .post(`/api/drink-tab/${tabId}/close`)
        .set('X-Tab-Token', tabToken)
        .send({ tip: { percent: 15 } })
        .expect(200);
      await t.http.post(`/api/my-tickets/orders/${orderId}/forget-card`).set('Cookie', cookie).expect(204);
      const after = (await t.http.get('/api/my-tickets').set('Cookie', cookie).expect(200)).body as MyTickets;
      expect(after.orders[0].keptCard).toBeNull();
      expect(after.drinks.tabs).toEqual([expect.objectContaining({ tabId, status: 'closed', totalCents: closed.body.chargedCents })]);
      expect((await t.http.post('/api/drink-tab/from-ticket/card').send({ token }).expect(409)).body).toEqual({
        message: 'This card was forgotten',
      });
      const other = (await t.dataSource.getRepository(KeptCardEntity).findOneByOrFail({ orderId: otherOrder })).forgottenAt;
      expect(other).toBeNull();
    });
  });

  /** Signs in to My tickets with the link e-mailed to `email`; answers the session cookie. */
  async function signInToMyTickets(email: string): Promise<string> {
    await t.http.post('/api/my-tickets/link').set('X-Forwarded-For', nextAddress()).send({ email }).expect(202);
    const deadline = Date.now() + 15_000;
    let link: RegExpExecArray | null = null;
    while (!link) {
      if (Date.now() > deadline) throw new Error(`No My tickets link e-mailed to ${email}`);
      const mail = mailsTo(sink, email).find((m) => m.parsed.subject === 'Your Diwali party tickets');
      link = mail ? /\/my-tickets\?link=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '') : null;
      if (!link) await new Promise((r) => setTimeout(r, 25));
    }
    const session = await t.http.post('/api/my-tickets/session').send({ token: link[1] }).expect(200);
    return String(session.headers['set-cookie']).split(';')[0];
  }

  it('after the party the link answers that the party is over, and the season end forgets every kept card', async () => {
    const { orderId, token } = await buy('late.guest@example.com', true);
    const now = Date.now();
    await moveParty(t, staff, now - 5 * HOUR, now - 60_000);
    const late = await openFromTicket(token!).expect(409);
    expect(late.body).toEqual({ message: 'The party is over' });

    const kept = await t.dataSource.getRepository(KeptCardEntity).findBy({});
    expect(kept.filter((k) => k.paymentMethodId && !k.forgottenAt).length).toBeGreaterThan(0);
    await startNextSeason(t, staff);
    const after = await t.dataSource.getRepository(KeptCardEntity).findBy({});
    expect(after.every((k) => k.forgottenAt !== null)).toBe(true);
    const view = await t.http.post('/api/drink-tab/from-ticket/card').send({ token }).expect(409);
    expect(view.body).toEqual({ message: 'This card was forgotten' });
    const card = after.find((k) => k.orderId === orderId)!;
    await expect(
      t.app.get(PaymentGateway).chargeSavedCard({
        customerId: card.customerId,
        paymentMethodId: card.paymentMethodId!,
        amountCents: 500,
        description: 'A charge after the season',
        metadata: {},
        idempotencyKey: `after-season-${orderId}`,
      }),
    ).rejects.toThrow('This card is no longer saved.');
  });
});

describe(`the card kept for drinks, Stripe, on ${TEST_DATABASE}`, () => {
  const WEBHOOK_SECRET = 'whsec_kept_card';
  let standIn: StripeStandIn;
  let sink: SmtpSink;
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    sink = await startSmtpSink();
    t = await createTestApp({ ...stripeStandInEnv(standIn.url, WEBHOOK_SECRET), SMTP_URL: sink.url, ADMIN_PASSWORD: PASSWORD });
    staff = await staffCookie(t, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
    await standIn.close();
  });

  it('keeps the card on a customer before paying, links the tab in the e-mail, and detaches the card at season end', async () => {
    const created = await t.http
      .post('/api/party-payment-intent')
      .send(createPartyOrderRequest({ customerEmail: 'stripe.keeper@example.com' }))
      .expect(200);
    const { orderId, clientSecret } = created.body as { orderId: string; clientSecret: string };
    const intentId = clientSecret.split('_secret_')[0];
    await t.http.post('/api/party-payment-intent/keep-card').send({ orderId, clientSecret, keep: true }).expect(204);
    const customer = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers').at(-1);
    expect(customer?.idempotencyKey).toBe(`kept-card-customer-${orderId}`);
    const update = standIn.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}`).at(-1);
    expect(update?.body.get('setup_future_usage')).toBe('off_session');
    expect(update?.body.get('customer')).toMatch(/^cus_standin_/);

    standIn.confirmPayment(intentId);
    await t.http.post('/api/confirm-payment').send({ paymentIntentId: intentId, type: 'party_ticket', clientSecret }).expect(200);
    const text = await confirmationOf(t, sink, 'stripe.keeper@example.com');
    const token = LINK.exec(text)?.[1];
    expect(token).toBeDefined();
    const card = await t.http.post('/api/drink-tab/from-ticket/card').send({ token }).expect(200);
    expect(card.body).toMatchObject({ brand: 'visa', last4: '4242' });
    const paymentMethodId = standIn.intents.get(intentId)!.payment_method;

    const now = Date.now();
    await moveParty(t, staff, now - 5 * HOUR, now - 60_000);
    await startNextSeason(t, staff);
    expect(standIn.requests.some((r) => r.method === 'POST' && r.path === `/v1/payment_methods/${paymentMethodId}/detach`)).toBe(true);
    expect(standIn.detached).toEqual([paymentMethodId]);
    const forgotten = await t.http.post('/api/drink-tab/from-ticket/card').send({ token }).expect(409);
    expect(forgotten.body).toEqual({ message: 'This card was forgotten' });
  });
});
