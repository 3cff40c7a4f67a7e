import { randomUUID } from 'node:crypto';
import type { AdminWaitlistEntry, TicketSettings } from '@festival/contracts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@festival/test-kit';
import { WaitlistEmailService } from '../src/modules/tickets/waitlist/waitlist-email.service.js';
import { WaitlistService } from '../src/modules/tickets/waitlist/waitlist.service.js';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'waitlist-staff-password-2025';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const JOINS_PER_10_MINUTES = 4;
const HOUR = 3_600_000;

let addresses = 0;
const nextAddress = () => `198.51.100.${(addresses += 1) % 250}`;

describe(`the party waitlist, on ${TEST_DATABASE}`, () => {
  // Each test boots a fresh database of its own (every migration, on MariaDB some 20 s on two busy
  // cores), so a party starts empty: twice the suite's default time per test.
  jest.setTimeout(120_000);
  let sink: SmtpSink;
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });
  /** A fresh party of `capacity` seats for each test. */
  async function start(capacity: number) {
    t = await createTestApp({
      ADMIN_PASSWORD: PASSWORD,
      LOGIN_ATTEMPTS_PER_15_MINUTES: '100',
      SMTP_URL: sink.url,
      TICKET_CAPACITY: String(capacity),
      PAYMENT_STARTS_PER_10_MINUTES: String(JOINS_PER_10_MINUTES),
    });
    manager = await managerCookie(t, PASSWORD);
  }
  afterEach(async () => {
    await t.close();
  });

  const join = (body: Record<string, unknown>, address = nextAddress()) =>
    t.http.post('/api/party-waitlist').set('X-Forwarded-For', address).send(body);

  async function hold(email: string, adultTickets: number, childTickets = 0, offerToken?: string) {
    return t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send({ ...createPartyOrderRequest({ customerEmail: email, adultTickets, childTickets }), ...(offerToken ? { offerToken } : {}) });
  }

  async function buy(email: string, adultTickets: number, childTickets = 0, offerToken?: string) {
    const held = await hold(email, adultTickets, childTickets, offerToken);
    expect(held.status).toBe(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .set('X-Forwarded-For', nextAddress())
      .send({ clientSecret: held.body.clientSecret, ...CARD })
      .expect(200);
    // The browser's confirmation, as the party page sends it: the order is paid when it answers.
    const confirmed = await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId: paid.body.id, type: 'party_ticket', clientSecret: held.body.clientSecret })
      .expect(200);
    expect(confirmed.body.status).toBe('paid');
    return held.body.orderId as string;
  }

  const refund = (orderId: string, adults: number, children = 0) =>
    t.http
      .post(`/api/admin/party-orders/${orderId}/refunds`)
      .set('Cookie', manager)
      .send({ adults, children, idempotencyKey: randomUUID() });

  const remaining = async () => (await t.http.get('/api/party-ticket-stats').expect(200)).body.remaining as number;
  const line = async () => (await t.http.get('/api/admin/waitlist').set('Cookie', manager).expect(200)).body as AdminWaitlistEntry[];
  const entryOf = async (email: string) => (await line()).find((e) => e.email === email)!;

  async function setTickets(change: Partial<TicketSettings>) {
    const { tickets } = (await t.http.get('/api/admin/settings').set('Cookie', manager).expect(200)).body as { tickets: TicketSettings };
    return t.http
      .put('/api/admin/settings/tickets')
      .set('Cookie', manager)
      .send({ ...tickets, ...change });
  }

  /** The offering passes and the offer e-mails have run. */
  async function settled() {
    await new Promise((r) => setTimeout(r, 100));
    await t.app.get(WaitlistService).idle();
    await t.app.get(WaitlistEmailService).idle();
  }

  const offerMails = (email: string) =>
    sink.messages.filter((m) => m.envelopeTo.includes(email) && /^Your waitlist tickets/.test(m.parsed.subject ?? ''));
  async function offerMail(email: string): Promise<ReceivedMail> {
    const deadline = Date.now() + 10_000;
    while (offerMails(email).length === 0) {
      if (Date.now() > deadline) throw new Error(`No offer e-mail to ${email}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return offerMails(email).at(-1)!;
  }
  const tokenOf = (mail: ReceivedMail) => /\/diwali-party\?offer=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1];

  it('takes a sold-out party’s entries in line; the same e-mail updates its entry and keeps its place; bad input changes nothing', async () => {
    await start(3);
    await buy('first.buyer@example.com', 2, 0);
    // One ticket left: a family of four may wait, a guest wanting one is told to buy it.
    expect((await join({ name: 'Meera Iyer', email: 'meera@example.com', tickets: 1 })).status).toBe(409);
    expect((await join({ name: 'Meera Iyer', email: 'meera@example.com', tickets: 4 })).body).toEqual({ position: 1 });
    await buy('second.buyer@example.com', 1, 0);

    expect((await join({ name: 'Ravi Kumar', email: 'ravi@example.com', tickets: 2 })).body).toEqual({ position: 2 });
    expect((await join({ name: 'Lata Shah', email: 'lata@example.com', tickets: 1 })).body).toEqual({ position: 3 });
    const again = await join({ name: 'Meera S. Iyer', email: 'MEERA@example.com', tickets: 5 }).expect(200);
    expect(again.body).toEqual({ position: 1 });

    for (const bad of [
      { name: '', email: 'x@example.com', tickets: 1 },
      { name: 'X', email: 'not-an-email', tickets: 1 },
      { name: 'X', email: 'x@example.com', tickets: 0 },
      { name: 'X', email: 'x@example.com', tickets: 11 },
      { name: 'X', email: 'x@example.com', tickets: 1.5 },
    ]) {
      const refused = await join(bad);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual(expect.any(String));
    }

    const shown = await line();
    expect(shown.map((e) => [e.position, e.name, e.email, e.tickets, e.status])).toEqual([
      [1, 'Meera S. Iyer', 'meera@example.com', 5, 'waiting'],
      [2, 'Ravi Kumar', 'ravi@example.com', 2, 'waiting'],
      [3, 'Lata Shah', 'lata@example.com', 1, 'waiting'],
    ]);
    expect((await t.http.get('/api/admin/waitlist/summary').set('Cookie', manager).expect(200)).body).toEqual({ waiting: 3, tickets: 8 });
    // Guests' addresses: the manager's page only.
    await t.http.get('/api/admin/waitlist').expect(401);
  });

  it('throttles joins from one address like the other public writes', async () => {
    await start(1);
    await buy('only.buyer@example.com', 1);
    const address = '192.0.2.77';
    for (let i = 0; i < JOINS_PER_10_MINUTES; i += 1) {
      await join({ name: `Guest ${i}`, email: `guest${i}@example.com`, tickets: 1 }, address).expect(200);
    }
    const throttled = await join({ name: 'One more', email: 'one.more@example.com', tickets: 1 }, address);
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toBe('Too many waitlist requests from this address. Please wait a few minutes and try again.');
    expect((await line()).map((e) => e.email)).not.toContain('one.more@example.com');
  });

  it('offers a refund’s seats by e-mail to the first entry that fits; they count as taken for others and are the link’s buyer’s, who then has Bought', async () => {
    await start(6);
    const big = await buy('big.family@example.com', 4, 0);
    await buy('couple@example.com', 2, 0);
    await join({ name: 'Family of Five', email: 'five@example.com', tickets: 5 }).expect(200);
    await join({ name: 'Anil Das', email: 'anil@example.com', tickets: 3 }).expect(200);
    await join({ name: 'Sita Rao', email: 'sita@example.com', tickets: 1 }).expect(200);

    await refund(big, 3).expect(200);
    await settled();
    // Three seats came back: the five do not fit and keep their place; the three fit; the one does not (none left).
    const mail = await offerMail('anil@example.com');
    expect(mail.parsed.text).toContain('3 tickets are held for you until');
    expect(offerMails('five@example.com')).toHaveLength(0);
    expect(offerMails('sita@example.com')).toHaveLength(0);
    expect((await line()).map((e) => [e.email, e.position, e.status])).toEqual([
      ['five@example.com', 1, 'waiting'],
      ['anil@example.com', 2, 'offered'],
      ['sita@example.com', 3, 'waiting'],
    ]);

    // Held for Anil: sold out to everyone else.
    expect(await remaining()).toBe(0);
    const other = await hold('someone.else@example.com', 1);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('Sorry, the party is sold out');

    const token = tokenOf(mail);
    const offer = await t.http.get(`/api/party-waitlist/offers/${token}`).expect(200);
    expect(offer.body).toMatchObject({ tickets: 3, name: 'Anil Das', email: 'anil@example.com' });
    expect(Date.parse(offer.body.expiresAt) - Date.now()).toBeGreaterThan(23 * HOUR);
    // More than the offer holds is refused; adults and children within it are the buyer's choice.
    expect((await hold('anil@example.com', 4, 0, token)).body.message).toBe('Your offer holds 3 tickets');
    await buy('anil@example.com', 2, 1, token);
    await settled();
    expect((await entryOf('anil@example.com')).status).toBe('bought');
    const used = await t.http.get(`/api/party-waitlist/offers/${token}`).expect(410);
    expect(used.body.message).toBe('This offer has expired');
    expect((await hold('anil@example.com', 1, 0, token)).body.message).toBe('This offer has expired');
    expect(await remaining()).toBe(0);
  });

  it('passes an offer that ran out to the next entry that fits by itself, without staff', async () => {
    await start(2);
    const order = await buy('holder@example.com', 2, 0);
    await join({ name: 'Priya N', email: 'priya@example.com', tickets: 2 }).expect(200);
    await join({ name: 'Kiran M', email: 'kiran@example.com', tickets: 2 }).expect(200);
    await refund(order, 2).expect(200);
    await settled();
    const first = tokenOf(await offerMail('priya@example.com'));

    // A day and an hour later, the periodic pass finds the offer expired.
    await t.app.get(WaitlistService).pass(new Date(Date.now() + 25 * HOUR));
    await settled();
    const second = await offerMail('kiran@example.com');
    expect(second.parsed.text).toContain('2 tickets are held for you until');
    expect((await line()).map((e) => [e.email, e.status])).toEqual([
      ['priya@example.com', 'expired'],
      ['kiran@example.com', 'offered'],
    ]);
    expect((await t.http.get(`/api/party-waitlist/offers/${first}`).expect(410)).body.message).toBe('This offer has expired');
    expect((await hold('priya@example.com', 2, 0, first)).body.message).toBe('This offer has expired');
    await buy('kiran@example.com', 2, 0, tokenOf(second));
    expect((await entryOf('kiran@example.com')).status).toBe('bought');
  });

  it('concurrent refunds and capacity changes never offer more seats than came back', async () => {
    await start(10);
    const orders = [];
    for (let i = 0; i < 5; i += 1) orders.push(await buy(`buyer${i}@example.com`, 2, 0));
    for (let i = 0; i < 8; i += 1) await join({ name: `Waiting ${i}`, email: `waiting${i}@example.com`, tickets: 1 + (i % 3) }).expect(200);

    const results = await Promise.all([
      ...orders.slice(0, 3).map((id) => refund(id, 1)),
      setTickets({ capacity: 12 }),
      refund(orders[3], 2),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    await settled();
    await t.app.get(WaitlistService).pass();
    await settled();

    // Back: 3 + 2 refunded and 2 more capacity.
    const cameBack = 3 + 2 + 2;
    const offered = (await line()).filter((e) => e.status === 'offered').reduce((sum, e) => sum + (e.offeredTickets ?? 0), 0);
    expect(offered).toBeGreaterThan(0);
    expect(offered).toBeLessThanOrEqual(cameBack);
    expect(await remaining()).toBe(cameBack - offered);
    const lowered = await setTickets({ capacity: 10 - 5 + offered - 1 });
    expect(lowered.status).toBe(409);
  });

  it('lets the manager offer out of turn when the seats are free, and remove an entry, whose offer’s seats go to the next in line', async () => {
    await start(2);
    const order = await buy('holder@example.com', 2, 0);
    await join({ name: 'Asha', email: 'asha@example.com', tickets: 2 }).expect(200);
    await join({ name: 'Bela', email: 'bela@example.com', tickets: 1 }).expect(200);
    const bela = await entryOf('bela@example.com');
    const none = await t.http.post(`/api/admin/waitlist/${bela.id}/offer`).set('Cookie', manager).expect(409);
    expect(none.body.message).toBe('Only 0 tickets free: this guest wants 1 ticket');

    await refund(order, 1).expect(200);
    await settled();
    // One seat back: Asha (two) does not fit, Bela (one) does.
    await offerMail('bela@example.com');
    const asha = await entryOf('asha@example.com');
    await t.http.delete(`/api/admin/waitlist/${bela.id}`).set('Cookie', manager).expect(204);
    await settled();
    expect((await line()).map((e) => [e.email, e.status])).toEqual([['asha@example.com', 'waiting']]);
    expect(await remaining()).toBe(1);
    await refund(order, 1).expect(200);
    await settled();
    expect((await entryOf('asha@example.com')).status).toBe('offered');
    await t.http.post(`/api/admin/waitlist/${asha.id}/offer`).set('Cookie', manager).expect(409);
  });
});
