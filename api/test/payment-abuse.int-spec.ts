import { priceDrinks, priceDrinksSubtotal, type StaffDrinkTab } from '@festival/contracts';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { SimulatedPaymentEntity } from '../src/modules/payments/simulated-payment.entity.js';
import { createDrinkPaymentRequest, createTabOrderRequest, intentIdOf, MENU, openTab, staffCookie, TEST_CARD } from './support/drinks.js';
import { createPartyOrderRequest } from './support/factories.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'payment-abuse-staff-password';
const DECLINED_CARD = { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' };
const TOO_MANY_DECLINES = 'Too many declined card attempts. Please wait an hour, or pay at the bar or the door.';
const TOO_MANY_STARTS = 'Too many payments started from this address. Please wait a few minutes and try again.';

/** The test app trusts a proxy on 127.0.0.1: this header is the client address nginx would pass. */
const from = (address: string) => ({ 'X-Forwarded-For': address });

function cookieOf(res: { headers: Record<string, unknown> }, name: string): string {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const cookie = cookies.find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie in ${JSON.stringify(cookies)}`);
  return cookie.split(';')[0];
}

async function heldTickets(t: TestApp): Promise<number> {
  const live = await t.dataSource.getRepository(PartyOrderEntity).findBy({ status: 'pending' });
  return live.filter((o) => o.holdExpiresAt.getTime() > Date.now()).reduce((sum, o) => sum + o.adultTickets + o.childTickets, 0);
}

describe(`ticket holds that cannot hoard the party on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ TICKET_CAPACITY: '200' });
  });
  afterEach(() => t.close());

  it('lets 20 anonymous intents from one client hold at most HOLD_TICKETS_PER_ADDRESS (60) tickets', async () => {
    const answers = [];
    for (let i = 0; i < 20; i += 1) {
      const res = await t.http
        .post('/api/party-payment-intent')
        .set(from('203.0.113.7'))
        .send(createPartyOrderRequest({ adultTickets: 10, childTickets: 0, customerEmail: `hoarder${i}@example.com` }));
      answers.push({ status: res.status, message: res.body.message as string | undefined });
    }
    expect(answers.filter((a) => a.status === 200)).toHaveLength(6);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(14);
    expect(answers.find((a) => a.status === 429)?.message).toBe(
      'Too many tickets are waiting for payment from your network. Please complete or cancel those payments, or try again in a few minutes.',
    );
    expect(await heldTickets(t)).toBe(60);
    await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 140 });

    // A buyer elsewhere is not affected, and a family of 20 can buy.
    await t.http
      .post('/api/party-payment-intent')
      .set(from('198.51.100.20'))
      .send(createPartyOrderRequest({ adultTickets: 16, childTickets: 4, customerEmail: 'family@example.com' }))
      .expect(200);
    await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 120 });
  });

  it("releases a browser's previous unpaid hold when it starts another, cancels its payment, and honours the first if it is paid after all", async () => {
    const first = await t.http
      .post('/api/party-payment-intent')
      .send(createPartyOrderRequest({ adultTickets: 4, childTickets: 0, customerEmail: 'first@example.com' }))
      .expect(200);
    const hold = cookieOf(first, 'party_hold');
    expect(hold).toBe(`party_hold=${first.body.orderId}`);
    await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 196 });

    // The same browser (its cookie) changes its mind, under another e-mail address.
    const second = await t.http
      .post('/api/party-payment-intent')
      .set('Cookie', hold)
      .send(createPartyOrderRequest({ adultTickets: 2, childTickets: 0, customerEmail: 'second@example.com' }))
      .expect(200);
    await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 198 });
    const orders = t.dataSource.getRepository(PartyOrderEntity);
    expect((await orders.findOneByOrFail({ id: first.body.orderId })).status).toBe('cancelled');
    expect((await orders.findOneByOrFail({ id: second.body.orderId })).status).toBe('pending');

    // The first tab is still open: its payment was cancelled with the release, so its card form
    // no longer pays (docs/RELIABILITY.md, "Late payments").
    await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: first.body.clientSecret, ...TEST_CARD })
      .expect(400, { message: 'This payment was canceled' });
    // A card that went through just before the cancel reached the gateway is honoured, as a new
    // order would be now (same price, tickets left): the buyer gets the tickets.
    const paymentIntentId = intentIdOf(first.body.clientSecret);
    await t.dataSource.getRepository(SimulatedPaymentEntity).update({ id: paymentIntentId }, { status: 'succeeded' });
    await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId, type: 'party_ticket', clientSecret: first.body.clientSecret })
      .expect(200);
    expect((await orders.findOneByOrFail({ id: first.body.orderId })).status).toBe('paid');
    await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 194 });
  });

  it('keeps one unpaid hold per e-mail address: a new one from another browser releases the last', async () => {
    const first = await t.http
      .post('/api/party-payment-intent')
      .set(from('198.51.100.1'))
      .send(createPartyOrderRequest({ adultTickets: 5, childTickets: 0 }))
      .expect(200);
    await t.http
      .post('/api/party-payment-intent')
      .set(from('198.51.100.2'))
      .send(createPartyOrderRequest({ adultTickets: 3, childTickets: 0 }))
      .expect(200);
    expect((await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: first.body.orderId })).status).toBe('cancelled');
    await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 197 });
  });
});

describe(`card-testing defences on ${TEST_DATABASE}`, () => {
  it('cuts off 100 declined card attempts from one client after DECLINES_PER_ADDRESS_PER_HOUR (15), and cancels the intent that reached it', async () => {
    const t = await createTestApp();
    try {
      let declined = 0;
      let refused = 0;
      let lastSecret = '';
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const start = await t.http
          .post('/api/drink-payment-intent')
          .set(from('203.0.113.66'))
          .send(createDrinkPaymentRequest({ customerEmail: `tester${attempt}@example.com` }));
        if (start.status === 429) {
          // Cut off by the declines, then (past 60 starts) by the throttle as well.
          expect([TOO_MANY_DECLINES, TOO_MANY_STARTS]).toContain(start.body.message);
          if (refused === 0) expect(start.body.message).toBe(TOO_MANY_DECLINES);
          refused += 1;
          continue;
        }
        expect(start.status).toBe(200);
        lastSecret = start.body.clientSecret as string;
        const card = await t.http.post('/api/payments/simulated/confirm').send({ clientSecret: lastSecret, ...DECLINED_CARD });
        expect(card.status).toBe(402);
        declined += 1;
      }
      expect({ declined, refused }).toEqual({ declined: 15, refused: 85 });
      // The intent that reached the cap takes no more cards, even a good one.
      const again = await t.http.post('/api/payments/simulated/confirm').send({ clientSecret: lastSecret, ...TEST_CARD });
      expect(again.status).toBe(400);
      expect((await t.dataSource.getRepository(SimulatedPaymentEntity).findOneByOrFail({ id: intentIdOf(lastSecret) })).status).toBe(
        'canceled',
      );
      // Every decline is on record with the address that tried it.
      const [{ n }] = (await t.dataSource.query("SELECT COUNT(*) AS n FROM payment_declines WHERE clientAddress = '203.0.113.66'")) as {
        n: number | string;
      }[];
      expect(Number(n)).toBe(15);
      // Another guest, on another address, still pays.
      await t.http.post('/api/drink-payment-intent').set(from('198.51.100.9')).send(createDrinkPaymentRequest()).expect(200);
    } finally {
      await t.close();
    }
  });

  it('stops an e-mail address after DECLINES_PER_EMAIL_PER_HOUR (5) declines, whatever addresses it comes from; tabs and tickets included', async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < 5; i += 1) {
        const start = await t.http
          .post('/api/drink-tab')
          .set(from(`198.51.100.${100 + i}`))
          .send({ customerName: 'Card Tester', customerEmail: 'tester@example.com' })
          .expect(200);
        await t.http
          .post('/api/payments/simulated/confirm-setup')
          .send({ clientSecret: start.body.clientSecret, ...DECLINED_CARD })
          .expect(402);
      }
      const tab = await t.http
        .post('/api/drink-tab')
        .set(from('198.51.100.200'))
        .send({ customerName: 'Card Tester', customerEmail: 'Tester@Example.com' })
        .expect(429);
      expect(tab.body).toEqual({ message: TOO_MANY_DECLINES });
      const tickets = await t.http
        .post('/api/party-payment-intent')
        .set(from('198.51.100.201'))
        .send(createPartyOrderRequest({ customerEmail: 'tester@example.com' }))
        .expect(429);
      expect(tickets.body).toEqual({ message: TOO_MANY_DECLINES });
      await t.http.post('/api/drink-tab').set(from('198.51.100.202')).send({ customerName: 'Someone Else' }).expect(200);
    } finally {
      await t.close();
    }
  });

  it('throttles payment starts per client address (PAYMENT_STARTS_PER_10_MINUTES) before reading the body', async () => {
    const t = await createTestApp({ PAYMENT_STARTS_PER_10_MINUTES: '3' });
    try {
      for (let i = 0; i < 3; i += 1) {
        await t.http.post('/api/drink-payment-intent').set(from('203.0.113.5')).send(createDrinkPaymentRequest()).expect(200);
      }
      const refused = await t.http.post('/api/drink-payment-intent').set(from('203.0.113.5')).send(createDrinkPaymentRequest()).expect(429);
      expect(refused.body).toEqual({ message: TOO_MANY_STARTS });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Each route counts on its own, and other addresses are not affected.
      await t.http.post('/api/drink-tab').set(from('203.0.113.5')).send({ customerName: 'Asha' }).expect(200);
      await t.http.post('/api/drink-payment-intent').set(from('203.0.113.6')).send(createDrinkPaymentRequest()).expect(200);
      const [{ n }] = (await t.dataSource.query("SELECT COUNT(*) AS n FROM drink_orders WHERE status = 'pending'")) as {
        n: number | string;
      }[];
      expect(Number(n)).toBe(4);
    } finally {
      await t.close();
    }
  });
});

describe(`tabs with a spending limit on ${TEST_DATABASE}`, () => {
  it('refuses an order past the limit with the bar message, until the bar approves more', async () => {
    const t = await createTestApp({ TAB_LIMIT_CENTS: '3000', ADMIN_PASSWORD: PASSWORD });
    try {
      const { tabId, tabToken } = await openTab(t);
      // 2 x Mango Lassi + 1 x Masala Chai = $17.00 + tax = $18.59
      await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
      const over = await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(409);
      expect(over.body).toEqual({ message: 'Your tab has reached its limit — please see the bar' });
      // A small one still fits: $17.00 + $4.00, with tax.
      const chai = [{ ...MENU.masalaChai, quantity: 1 }];
      await t.http
        .post(`/api/drink-tab/${tabId}/orders`)
        .send(createTabOrderRequest(tabToken, { items: chai, total: priceDrinks(chai).totalCents }))
        .expect(201);
      const guest = await t.http.get(`/api/drink-tab/${tabId}`).set('X-Tab-Token', tabToken).expect(200);
      expect(guest.body).toMatchObject({ totalCents: priceDrinksSubtotal(2100).totalCents, limitCents: 3000 });

      const cookie = await staffCookie(t, PASSWORD);
      const approved = await t.http.post(`/api/admin/drink-tabs/${tabId}/approve-more`).set('Cookie', cookie).expect(200);
      expect((approved.body as StaffDrinkTab).limitCents).toBe(6000);
      await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
      const tabs = (await t.http.get('/api/admin/drink-tabs').set('Cookie', cookie).expect(200)).body as StaffDrinkTab[];
      expect(tabs.find((tab) => tab.id === tabId)).toMatchObject({ limitCents: 6000, totalCents: priceDrinksSubtotal(3800).totalCents });

      // Only an open tab can be approved for more, and only by staff.
      await t.http.post(`/api/admin/drink-tabs/${tabId}/approve-more`).expect(401);
      await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie).expect(200);
      const closed = await t.http.post(`/api/admin/drink-tabs/${tabId}/approve-more`).set('Cookie', cookie).expect(409);
      expect(closed.body).toEqual({ message: 'Only an open tab can be approved for more' });
    } finally {
      await t.close();
    }
  });

  it('opens a tab only after the card check: a declining card opens nothing', async () => {
    const t = await createTestApp();
    try {
      const created = await t.http.post('/api/drink-tab').send({ customerName: 'Asha' }).expect(200);
      const check = await t.http
        .post('/api/payments/simulated/confirm-setup')
        .send({ clientSecret: created.body.clientSecret, ...DECLINED_CARD })
        .expect(402);
      expect(check.body).toEqual({ message: 'Your card was declined.' });
      const setupIntentId = intentIdOf(created.body.clientSecret as string);
      const confirm = await t.http.post('/api/drink-tab/confirm-setup').send({ tabId: created.body.tabId, setupIntentId }).expect(409);
      expect(confirm.body).toEqual({ message: 'Card setup was not completed' });
      const order = await t.http
        .post(`/api/drink-tab/${created.body.tabId}/orders`)
        .send(createTabOrderRequest(created.body.tabToken as string))
        .expect(409);
      expect(order.body.message).toMatch(/not open yet/);
    } finally {
      await t.close();
    }
  });
});

describe(`confirm calls without the secret on ${TEST_DATABASE}`, () => {
  it('answers a drinks confirmation without the guest name to a caller without the client secret', async () => {
    const t = await createTestApp();
    try {
      const created = await t.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest()).expect(200);
      const paid = await t.http
        .post('/api/payments/simulated/confirm')
        .send({ clientSecret: created.body.clientSecret, ...TEST_CARD })
        .expect(200);
      const stranger = await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: paid.body.id }).expect(200);
      expect(stranger.body).not.toHaveProperty('customerName');
      expect(JSON.stringify(stranger.body)).not.toMatch(/Priya|example\.com/);
      const wrong = await t.http
        .post('/api/confirm-drink-payment')
        .send({ paymentIntentId: paid.body.id, clientSecret: `${paid.body.id}_secret_guess` })
        .expect(200);
      expect(wrong.body).not.toHaveProperty('customerName');
      const owner = await t.http
        .post('/api/confirm-drink-payment')
        .send({ paymentIntentId: paid.body.id, clientSecret: created.body.clientSecret })
        .expect(200);
      expect(owner.body.customerName).toBe('Priya Natarajan');
    } finally {
      await t.close();
    }
  });
});
