import type { PartyQuote } from '@festival/contracts';
import { PaymentEvents } from '../src/modules/payments/payment-events.service.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { TicketEmailService } from '../src/modules/tickets/ticket-email.service.js';
import { createPartyOrderRequest } from './support/factories.js';
import { startSmtpSink, type SmtpSink } from '@festival/test-kit';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'staff-password-for-tests';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

function pay(t: TestApp, clientSecret: string, card = CARD) {
  return t.http.post('/api/payments/simulated/confirm').send({ clientSecret, ...card });
}

async function staffCookie(t: TestApp): Promise<string> {
  const res = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
  return String(res.headers['set-cookie']).split(';')[0];
}

describe(`party tickets on ${TEST_DATABASE}`, () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  beforeEach(() => {
    sink.messages.length = 0;
    sink.setMode('accept');
  });

  async function app(env: Record<string, string> = {}): Promise<TestApp> {
    return createTestApp({ SMTP_URL: sink.url, ADMIN_PASSWORD: PASSWORD, PROMO_CODES: 'DIWALI5,LIGHTS5', ...env });
  }

  describe('quotes', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await app();
    });
    afterAll(() => t.close());

    it('prices a selection on the server', async () => {
      const res = await t.http.post('/api/party-quote').send({ adultTickets: 10, childTickets: 0 }).expect(200);
      expect(res.body).toMatchObject({
        subtotalCents: 49990,
        groupDiscountPercent: 3,
        groupDiscountCents: 1500,
        totalCents: 53038,
        promoCodeStatus: 'none',
      });
    });

    it('checks promo codes trimmed and case-insensitively', async () => {
      const valid = await t.http.post('/api/party-quote').send({ adultTickets: 2, childTickets: 1, promoCode: '  diwali5 ' }).expect(200);
      expect(valid.body).toMatchObject({ promoCodeStatus: 'valid', promoDiscountCents: 650, totalCents: 13505 });
      const invalid = await t.http.post('/api/party-quote').send({ adultTickets: 2, childTickets: 1, promoCode: 'FREE' }).expect(200);
      expect(invalid.body).toMatchObject({ promoCodeStatus: 'invalid', promoDiscountCents: 0 });
    });

    it('refuses wrong types with a 400 that names the field', async () => {
      const res = await t.http.post('/api/party-quote').send({ adultTickets: '2', childTickets: 0 }).expect(400);
      expect(res.body.message).toMatch(/^adultTickets: /);
    });
  });

  describe('holds', () => {
    it('refuses a tampered total with 409 and creates nothing', async () => {
      const t = await app({ TICKET_CAPACITY: '50' });
      try {
        const res = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ totalAmount: 100 }))
          .expect(409);
        expect(res.body.message).toBe('The price has changed: the total is now $142.16. Please review your order.');
        expect(await t.dataSource.getRepository(PartyOrderEntity).count()).toBe(0);
        await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 50 });
      } finally {
        await t.close();
      }
    });

    it('refuses an invalid promo code and an order without tickets', async () => {
      const t = await app();
      try {
        const promo = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ promoCode: 'NOPE', promoApplied: false }))
          .expect(400);
        expect(promo.body).toEqual({ message: 'Invalid promo code' });
        const none = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ adultTickets: 0, childTickets: 0 }))
          .expect(400);
        expect(none.body.message).toMatch(/Please select at least one ticket/);
        expect(await t.dataSource.getRepository(PartyOrderEntity).count()).toBe(0);
      } finally {
        await t.close();
      }
    });

    it('100 buyers racing for the last 15 tickets get exactly 15 holds and 85 clean 409s', async () => {
      const t = await app({ TICKET_CAPACITY: '15' });
      try {
        const request = createPartyOrderRequest({ adultTickets: 1, childTickets: 0 });
        const results = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            t.http
              .post('/api/party-payment-intent')
              // 100 buyers on 100 phones (the test app trusts a proxy on 127.0.0.1).
              .set('X-Forwarded-For', `198.51.100.${i + 1}`)
              .send({ ...request, customerEmail: `buyer${i}@example.com` }),
          ),
        );
        const statuses = results.map((r) => r.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(15);
        expect(statuses.filter((s) => s === 409)).toHaveLength(85);
        for (const refused of results.filter((r) => r.status === 409)) {
          expect(refused.body.message).toMatch(/sold out|remaining/);
        }
        const pending = await t.dataSource.getRepository(PartyOrderEntity).countBy({ status: 'pending' });
        expect(pending).toBe(15);
        await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 0 });
      } finally {
        await t.close();
      }
    });

    it('says how many remain when a group asks for more than is left', async () => {
      const t = await app({ TICKET_CAPACITY: '3' });
      try {
        const res = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ adultTickets: 2, childTickets: 2 }))
          .expect(409);
        expect(res.body).toEqual({ message: 'Only 3 tickets remaining' });
      } finally {
        await t.close();
      }
    });

    it('gives expired holds back to sale', async () => {
      const t = await app({ TICKET_CAPACITY: '5' });
      try {
        const res = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ adultTickets: 3, childTickets: 2 }))
          .expect(200);
        await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 0 });
        await t.dataSource.getRepository(PartyOrderEntity).update({ id: res.body.orderId }, { holdExpiresAt: new Date(Date.now() - 1000) });
        // The hold lapsed: the server sells its tickets again at once (it counts holds in the
        // database under the lock), and the ticket stats show it straight after.
        await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ adultTickets: 2, childTickets: 0 }))
          .expect(200);
        await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 3 });
      } finally {
        await t.close();
      }
    });

    it('holds for TICKET_HOLD_SECONDS, then gives the tickets back by itself; a paid order stays sold', async () => {
      const t = await app({ TICKET_CAPACITY: '10', TICKET_HOLD_SECONDS: '5' });
      try {
        const before = Date.now();
        const held = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ adultTickets: 3, childTickets: 0, customerEmail: 'held@example.com' }))
          .expect(200);
        const bought = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ adultTickets: 2, childTickets: 0, customerEmail: 'bought@example.com' }))
          .expect(200);
        const expiresAt = new Date(held.body.holdExpiresAt).getTime();
        expect(expiresAt).toBeGreaterThanOrEqual(before + 5000);
        expect(expiresAt).toBeLessThanOrEqual(Date.now() + 5000);
        const paid = await pay(t, bought.body.clientSecret).expect(200);
        await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
        await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 5 });

        await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 300));
        await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 8 });
        const orders = t.dataSource.getRepository(PartyOrderEntity);
        expect((await orders.findOneByOrFail({ id: held.body.orderId })).status).toBe('pending');
        expect((await orders.findOneByOrFail({ id: bought.body.orderId })).status).toBe('paid');
      } finally {
        await t.close();
      }
    });
  });

  describe('payment and confirmation', () => {
    it('pays, confirms once, and sends one confirmation e-mail whatever the repeats', async () => {
      const t = await app({ TICKET_CAPACITY: '20' });
      try {
        const order = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ promoCode: 'Lights5' }))
          .expect(200);
        const paid = await pay(t, order.body.clientSecret).expect(200);
        const paymentIntentId = paid.body.id as string;

        const first = await t.http
          .post('/api/confirm-payment')
          .send({ paymentIntentId, type: 'party_ticket', clientSecret: order.body.clientSecret })
          .expect(200);
        expect(first.body).toMatchObject({
          orderId: order.body.orderId,
          status: 'paid',
          adultTickets: 2,
          childTickets: 1,
          promoDiscountCents: 650,
          totalCents: 13505,
        });
        // The receipt is the price as quoted, without the in-between discounted subtotal.
        const quoted = await t.http.post('/api/party-quote').send({ adultTickets: 2, childTickets: 1, promoCode: 'Lights5' }).expect(200);
        const { discountedCents: _discounted, promoCodeStatus: _status, ...price } = quoted.body as PartyQuote;
        expect(first.body).toEqual({
          orderId: order.body.orderId,
          status: 'paid',
          customerName: expect.any(String),
          customerEmail: expect.any(String),
          ...price,
          paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          // The ticket code and its QR code (docs/door.md), for the browser that paid.
          ticketCode: expect.stringMatching(/^[A-Z2-7]{128}$/),
          ticketQrSvg: expect.stringMatching(/^<svg /),
        });
        const again = await t.http
          .post('/api/confirm-payment')
          .send({ paymentIntentId, type: 'party_ticket', clientSecret: order.body.clientSecret })
          .expect(200);
        expect(again.body).toEqual(first.body);
        // Without the client secret: the order's state and price, not the buyer's name, e-mail or ticket.
        const {
          customerName: _name,
          customerEmail: _email,
          ticketCode: _code,
          ticketQrSvg: _qr,
          ...anonymous
        } = first.body as Record<string, unknown>;
        const stranger = await t.http.post('/api/confirm-payment').send({ paymentIntentId, type: 'party_ticket' }).expect(200);
        expect(stranger.body).toEqual(anonymous);

        // The same success delivered twice more, as a duplicated webhook would.
        const events = t.app.get(PaymentEvents);
        const event = {
          id: 'evt_dup',
          type: 'payment_intent.succeeded',
          objectId: paymentIntentId,
          metadata: { type: 'party_ticket', orderId: order.body.orderId },
        };
        await events.dispatch(event);
        await events.dispatch(event);

        const [mail] = await sink.waitFor(1);
        await t.app.get(TicketEmailService).idle();
        await new Promise((r) => setTimeout(r, 300));
        expect(sink.messages).toHaveLength(1);
        const reference = String(order.body.orderId).slice(0, 8).toUpperCase();
        expect(mail.envelopeTo).toEqual(['asha.raman@example.com']);
        expect(mail.parsed.subject).toContain(reference);
        expect(mail.parsed.text).toContain("You're All Set!");
        expect(mail.parsed.text).toContain('Total paid: $135.05');
        expect(mail.parsed.attachments.map((a) => a.mimeType).sort()).toEqual(['image/png', 'text/calendar']);

        const rows = await t.dataSource.getRepository(PartyOrderEntity).findBy({ status: 'paid' });
        expect(rows).toHaveLength(1);
        await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 17 });
      } finally {
        await t.close();
      }
    });

    it('a declined card says so and the buyer can pay with another card', async () => {
      const t = await app();
      try {
        const order = await t.http.post('/api/party-payment-intent').send(createPartyOrderRequest()).expect(200);
        const declined = await pay(t, order.body.clientSecret, { ...CARD, cardNumber: '4000 0000 0000 0002' }).expect(402);
        expect(declined.body).toEqual({ message: 'Your card was declined.' });
        const notPaid = await t.http
          .post('/api/confirm-payment')
          .send({ paymentIntentId: order.body.clientSecret.split('_secret_')[0], type: 'party_ticket' })
          .expect(409);
        expect(notPaid.body).toEqual({ message: 'Payment was not completed' });
        await pay(t, order.body.clientSecret).expect(200);
      } finally {
        await t.close();
      }
    });

    it('completes the order from the payment event alone, when the browser never comes back', async () => {
      const t = await app();
      try {
        const order = await t.http.post('/api/party-payment-intent').send(createPartyOrderRequest()).expect(200);
        await pay(t, order.body.clientSecret).expect(200);
        await sink.waitFor(1);
        const row = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: order.body.orderId });
        expect(row.status).toBe('paid');
      } finally {
        await t.close();
      }
    });

    it('honours a late payment when tickets are left, and refunds it when the party sold out', async () => {
      const t = await app({ TICKET_CAPACITY: '3' });
      try {
        const repo = t.dataSource.getRepository(PartyOrderEntity);
        const late = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ adultTickets: 2, childTickets: 0 }))
          .expect(200);
        await repo.update({ id: late.body.orderId }, { holdExpiresAt: new Date(Date.now() - 1000) });
        const paid = await pay(t, late.body.clientSecret).expect(200);
        await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
        await sink.waitFor(1);

        const unlucky = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ adultTickets: 1, childTickets: 0, customerEmail: 'late@example.com' }))
          .expect(200);
        await repo.update({ id: unlucky.body.orderId }, { holdExpiresAt: new Date(Date.now() - 1000) });
        await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ adultTickets: 1, childTickets: 0, customerEmail: 'quick@example.com' }))
          .expect(200);
        const unluckyPaid = await pay(t, unlucky.body.clientSecret).expect(200);
        const refused = await t.http
          .post('/api/confirm-payment')
          .send({ paymentIntentId: unluckyPaid.body.id, type: 'party_ticket' })
          .expect(409);
        expect(refused.body.message).toMatch(/refunded in full/);
        expect((await repo.findOneByOrFail({ id: unlucky.body.orderId })).status).toBe('refunded');
        const [, refundMail] = await sink.waitFor(2);
        expect(refundMail.envelopeTo).toEqual(['late@example.com']);
        expect(refundMail.parsed.subject).toMatch(/refunded/);
      } finally {
        await t.close();
      }
    });

    it('retries the confirmation e-mail after a temporary failure without undoing the order', async () => {
      const t = await app();
      try {
        sink.setMode('tempfail');
        const order = await t.http.post('/api/party-payment-intent').send(createPartyOrderRequest()).expect(200);
        const paid = await pay(t, order.body.clientSecret).expect(200);
        await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
        const repo = t.dataSource.getRepository(PartyOrderEntity);
        const emails = t.app.get(TicketEmailService);
        for (let i = 0; i < 50 && (await repo.findOneByOrFail({ id: order.body.orderId })).emailAttempts === 0; i += 1) {
          await new Promise((r) => setTimeout(r, 100));
        }
        const afterFailure = await repo.findOneByOrFail({ id: order.body.orderId });
        expect(afterFailure).toMatchObject({ status: 'paid', emailStatus: 'pending', emailAttempts: 1 });

        sink.setMode('accept');
        await repo.update({ id: order.body.orderId }, { emailNextAttemptAt: new Date(Date.now() - 1000) });
        emails.sendSoon();
        await sink.waitFor(1);
        await emails.idle();
        expect((await repo.findOneByOrFail({ id: order.body.orderId })).emailStatus).toBe('sent');
      } finally {
        await t.close();
      }
    });
  });

  describe('funnel', () => {
    it('records the completed purchase once, with the buyer and the browsing session, credited to its attribution', async () => {
      const t = await app();
      try {
        const sessionId = 'session-from-instagram-1';
        await t.http
          .post('/api/analytics')
          .set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1')
          .send({ eventType: 'party_page_view', sessionId, utmSource: 'instagram', utmMedium: 'social', utmCampaign: 'diwali_party_2024' })
          .expect((res) => expect(res.status).toBeLessThan(300));
        const order = await t.http.post('/api/party-payment-intent').send(createPartyOrderRequest({ sessionId })).expect(200);
        const paid = await pay(t, order.body.clientSecret).expect(200);
        await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
        await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
        await sink.waitFor(1);

        const cookie = await staffCookie(t);
        const events = await t.http.get('/api/analytics/events/party_order_completed').set('Cookie', cookie).expect(200);
        const list = Array.isArray(events.body) ? events.body : events.body.events;
        expect(list).toHaveLength(1);
        expect(list[0]).toMatchObject({
          entityId: order.body.orderId,
          sessionId,
          userName: 'Asha Raman',
          userEmail: 'asha.raman@example.com',
          userPhone: '(408) 555-0101',
        });
        const attribution = await t.http.get('/api/analytics/attribution').set('Cookie', cookie).expect(200);
        expect(attribution.body).toContainEqual({
          source: 'instagram',
          medium: 'social',
          campaign: 'diwali_party_2024',
          pageViews: 1,
          conversions: 1,
        });
      } finally {
        await t.close();
      }
    });
  });

  describe('staff lists', () => {
    it('lists paid tickets and abandoned carts (30+ minutes, never paid) to staff only', async () => {
      const t = await app();
      try {
        const repo = t.dataSource.getRepository(PartyOrderEntity);
        const abandoned = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ customerEmail: 'gone@example.com', customerName: 'Gone Away' }))
          .expect(200);
        await repo.update({ id: abandoned.body.orderId }, { createdAt: new Date(Date.now() - 45 * 60_000) });
        const fresh = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ customerEmail: 'fresh@example.com' }))
          .expect(200);
        const bought = await t.http
          .post('/api/party-payment-intent')
          .send(createPartyOrderRequest({ customerEmail: 'buyer@example.com' }))
          .expect(200);
        const paid = await pay(t, bought.body.clientSecret).expect(200);
        await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);

        await t.http.get('/api/admin/abandoned-carts').expect(401);
        const cookie = await staffCookie(t);
        const carts = await t.http.get('/api/admin/abandoned-carts').set('Cookie', cookie).expect(200);
        expect(carts.body).toEqual([
          expect.objectContaining({
            id: abandoned.body.orderId,
            customerName: 'Gone Away',
            customerEmail: 'gone@example.com',
            adultTickets: 2,
            childTickets: 1,
            totalAmount: 14216,
          }),
        ]);
        expect(carts.body.map((c: { id: string }) => c.id)).not.toContain(fresh.body.orderId);
        const tickets = await t.http.get('/api/party-tickets').set('Cookie', cookie).expect(200);
        expect(tickets.body).toEqual([expect.objectContaining({ id: bought.body.orderId, customerEmail: 'buyer@example.com' })]);
      } finally {
        await t.close();
      }
    });
  });
});
