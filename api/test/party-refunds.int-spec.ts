import { randomUUID } from 'node:crypto';
import type { PartyOrderDetails } from '@festival/contracts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@festival/test-kit';
import { backfillActivitySubjects } from '../src/database/migrations/1764000600000-activity-subject-backfill.js';
import { TicketCodes } from '../src/modules/codes/ticket-codes.js';
import { PaymentEvents } from '../src/modules/payments/payment-events.service.js';
import { GatewayUnavailableError, PaymentGateway, RefundRefusedError } from '../src/modules/payments/payment-gateway.js';
import { SimulatedPaymentEntity } from '../src/modules/payments/simulated-payment.entity.js';
import { StaffActivityEntity } from '../src/modules/staff/staff-activity.entity.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { PartyRefundEntity } from '../src/modules/tickets/party-refund.entity.js';
import { PartyRefunds } from '../src/modules/tickets/party-refunds.service.js';
import { TicketEmailService } from '../src/modules/tickets/ticket-email.service.js';
import { createPartyOrderRequest } from './support/factories.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'refund-staff-password-2025';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const ADULT = 4999;

let addresses = 0;
const nextAddress = () => `203.0.113.${(addresses += 1)}`;
const key = () => randomUUID();

describe(`refunds, cancels and edits of party orders by the manager, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let manager: string;
  let door: string;
  let bar: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', SMTP_URL: sink.url });
    manager = await managerCookie(t, PASSWORD);
    door = await deviceCookie(t, manager, 'Front door', 'door');
    bar = await deviceCookie(t, manager, 'Main bar', 'bar');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  afterEach(() => jest.restoreAllMocks());

  async function hold(email: string, tickets: { adultTickets?: number; childTickets?: number } = {}) {
    const created = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send(createPartyOrderRequest({ customerEmail: email, ...tickets }))
      .expect(200);
    return { orderId: created.body.orderId as string, clientSecret: created.body.clientSecret as string };
  }

  /** A paid order (2 adults, 1 child) whose confirmation e-mail has arrived. */
  async function buy(email: string) {
    const held = await hold(email);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .set('X-Forwarded-For', nextAddress())
      .send({ clientSecret: held.clientSecret, ...CARD })
      .expect(200);
    await mailsTo(email, 1);
    return { ...held, paymentIntentId: paid.body.id as string };
  }

  const sentTo = (email: string): ReceivedMail[] => sink.messages.filter((m) => m.envelopeTo.includes(email));
  const refundMails = (email: string) => sentTo(email).filter((m) => /^Refund for your/.test(m.parsed.subject ?? ''));

  async function mailsTo(email: string, count: number, which = sentTo): Promise<ReceivedMail[]> {
    const deadline = Date.now() + 10_000;
    while (which(email).length < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} messages to ${email}, got ${which(email).length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return which(email);
  }

  async function settled(): Promise<void> {
    await new Promise((r) => setTimeout(r, 300));
    await t.app.get(TicketEmailService).idle();
    await new Promise((r) => setTimeout(r, 200));
    await t.app.get(TicketEmailService).idle();
  }

  const remaining = async (): Promise<number> => (await t.http.get('/api/party-ticket-stats').expect(200)).body.remaining as number;
  const details = async (orderId: string): Promise<PartyOrderDetails> =>
    (await t.http.get(`/api/admin/party-orders/${orderId}`).set('Cookie', manager).expect(200)).body as PartyOrderDetails;
  const refund = (orderId: string, body: Record<string, unknown>, cookie = manager) =>
    t.http.post(`/api/admin/party-orders/${orderId}/refunds`).set('Cookie', cookie).send(body);
  const gatewayRefunded = async (paymentIntentId: string): Promise<number> =>
    (await t.dataSource.getRepository(SimulatedPaymentEntity).findOneByOrFail({ id: paymentIntentId })).refundedCents;
  const refundRows = (orderId: string) => t.dataSource.getRepository(PartyRefundEntity).findBy({ orderId });
  const order = (orderId: string) => t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: orderId });
  const checkIn = (orderId: string, body: Record<string, unknown> = {}) =>
    t.http
      .post('/api/admin/check-ins')
      .set('Cookie', door)
      .send({ code: t.app.get(TicketCodes).codeFor(orderId), ...body });

  it('refunds one ticket for its share of the total with tax, back on sale, one e-mail, on the timeline; the rest adds up to the cent; the door then answers Refunded', async () => {
    const email = 'priya.menon@example.com';
    const { orderId, paymentIntentId } = await buy(email);
    const stored = await order(orderId);
    expect(stored.adultTickets + stored.childTickets).toBe(3);
    const before = await remaining();

    const first = await refund(orderId, { adults: 1, children: 0, idempotencyKey: key() }).expect(200);
    const share = Math.round((stored.totalCents * ADULT) / stored.subtotalCents);
    expect(first.body.refunds).toEqual([expect.objectContaining({ adults: 1, children: 0, amountCents: share, status: 'succeeded' })]);
    expect(await gatewayRefunded(paymentIntentId)).toBe(share);
    expect(await remaining()).toBe(before + 1);
    const [mail] = await mailsTo(email, 1, refundMails);
    expect(mail.parsed.text).toContain(`$${(share / 100).toFixed(2)}`);
    expect(mail.parsed.text).toContain('1 adult ticket');

    const shown = await details(orderId);
    expect(shown).toMatchObject({
      status: 'paid',
      validAdults: 1,
      validChildren: 1,
      refundedCents: share,
      paymentReference: paymentIntentId,
    });
    expect(shown.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['created', 'paid', 'email.sent', 'refunded']));
    expect(shown.timeline.find((e) => e.kind === 'refunded')).toMatchObject({
      who: 'Manager',
      detail: expect.stringContaining('1 adult refunded'),
    });
    const tickets = (await t.http.get('/api/party-tickets').set('Cookie', manager).expect(200)).body as {
      id: string;
      validTickets: number;
    }[];
    expect(tickets.find((r) => r.id === orderId)?.validTickets).toBe(2);

    await refund(orderId, { adults: 1, children: 1, idempotencyKey: key() }).expect(200);
    const rows = (await refundRows(orderId)).filter((r) => r.status === 'succeeded');
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(stored.totalCents);
    expect(await gatewayRefunded(paymentIntentId)).toBe(stored.totalCents);
    expect((await order(orderId)).status).toBe('refunded');
    expect(await remaining()).toBe(before + 3);
    await mailsTo(email, 2, refundMails);
    expect((await checkIn(orderId).expect(200)).body.result).toBe('refunded');
    await refund(orderId, { adults: 1, children: 0, idempotencyKey: key() })
      .expect(409)
      .expect(({ body }) => expect(body.message).toBe('This order has already been refunded in full'));
    await settled();
    expect(refundMails(email)).toHaveLength(2);
  });

  it('F6: refunding tickets of guests already admitted never puts their seats back on sale; the door admits only who is left', async () => {
    const { orderId } = await buy('inside@example.com');
    await refund(orderId, { adults: 1, children: 0, idempotencyKey: key() }).expect(200);
    // The door admits the two guests still ticketed, not three.
    const admitted = await checkIn(orderId).expect(200);
    expect(admitted.body).toMatchObject({ result: 'admitted', entering: 2, total: 2, adults: 1, children: 1 });
    const before = await remaining();
    const refused = await refund(orderId, { adults: 0, children: 1, idempotencyKey: key() }).expect(409);
    expect(refused.body.message).toBe('2 guests of this order are already inside: no ticket can be refunded');
    expect(await remaining()).toBe(before);
    expect(await details(orderId)).toMatchObject({ status: 'paid', validAdults: 1, validChildren: 1, admitted: 2 });

    // One guest of three inside: two tickets may go back on sale, not the third.
    const second = await buy('one-inside@example.com');
    await checkIn(second.orderId, { guests: 1 }).expect(200);
    const refusedAll = await refund(second.orderId, { adults: 2, children: 1, idempotencyKey: key() }).expect(409);
    expect(refusedAll.body.message).toBe('1 guest of this order is already inside: at most 2 tickets can be refunded');
    const afterOne = await remaining();
    await refund(second.orderId, { adults: 1, children: 1, idempotencyKey: key() }).expect(200);
    expect(await remaining()).toBe(afterOne + 2);
    await settled();
  });

  it('the same request twice, one after the other or at once, refunds once', async () => {
    const email = 'devika.pillai@example.com';
    const { orderId, paymentIntentId } = await buy(email);
    const same = { adults: 0, children: 1, idempotencyKey: key() };
    const a = await refund(orderId, same).expect(200);
    const b = await refund(orderId, same).expect(200);
    const withoutEmail = (refunds: { emailStatus: string }[]) => refunds.map(({ emailStatus: _e, ...r }) => r);
    expect(withoutEmail(b.body.refunds)).toEqual(withoutEmail(a.body.refunds));
    const twice = { adults: 1, children: 0, idempotencyKey: key() };
    await Promise.all([refund(orderId, twice).expect(200), refund(orderId, twice).expect(200)]);
    const rows = await refundRows(orderId);
    expect(rows).toHaveLength(2);
    expect(await gatewayRefunded(paymentIntentId)).toBe(rows.reduce((sum, r) => sum + r.amountCents, 0));
    await settled();
    expect(refundMails(email)).toHaveLength(2);
    expect(await order(orderId)).toMatchObject({ status: 'paid', refundedAdults: 1, refundedChildren: 1 });
    // The confirmation sent again admits only the guest still ticketed.
    await t.http.post(`/api/admin/party-orders/${orderId}/resend-confirmation`).set('Cookie', manager).send({}).expect(202);
    const [, again] = await mailsTo(email, 2, (to) => sentTo(to).filter((m) => /^Your tickets/.test(m.parsed.subject ?? '')));
    expect(again.parsed.text).toContain('Admits 1 guest: 1 adult');
  });

  it("a refund, the gateway's webhook and a resend at the same moment leave one refund and a consistent order", async () => {
    const email = 'lakshmi.rao@example.com';
    const { orderId, paymentIntentId } = await buy(email);
    const gateway = t.app.get(PaymentGateway);
    const events = t.app.get(PaymentEvents);
    const real = gateway.refundPayment.bind(gateway);
    const resends: Promise<unknown>[] = [];
    jest.spyOn(gateway, 'refundPayment').mockImplementation(async (...args) => {
      const done = await real(...args);
      // Stripe's webhook for this very refund, and a resend, land before the refund is recorded.
      const webhook = {
        id: `evt_${key()}`,
        type: 'charge.refunded',
        objectId: paymentIntentId,
        metadata: {},
        amountRefundedCents: done.amountCents,
      };
      resends.push(t.http.post(`/api/admin/party-orders/${orderId}/resend-confirmation`).set('Cookie', manager).send({}));
      await Promise.all([events.dispatch(webhook), events.dispatch({ ...webhook, id: `evt_${key()}` })]);
      return done;
    });
    const [refunded, resent] = await Promise.all([
      refund(orderId, { adults: 1, children: 0, idempotencyKey: key() }),
      t.http.post(`/api/admin/party-orders/${orderId}/resend-confirmation`).set('Cookie', manager).send({}),
    ]);
    expect(refunded.status).toBe(200);
    expect(resent.status).toBe(202);
    expect(((await Promise.all(resends)) as { status: number }[]).map((r) => r.status)).toEqual([202]);
    await settled();
    const rows = await refundRows(orderId);
    expect(rows).toHaveLength(1);
    expect(await gatewayRefunded(paymentIntentId)).toBe(rows[0].amountCents);
    expect(await order(orderId)).toMatchObject({
      status: 'paid',
      refundedAdults: 1,
      refundedChildren: 0,
      refundedCents: rows[0].amountCents,
    });
    expect(refundMails(email)).toHaveLength(1);
  });

  it("a refund made in the gateway's dashboard arrives by webhook: the whole order refunded, its tickets back on sale", async () => {
    const email = 'nandini.das@example.com';
    const { orderId, paymentIntentId } = await buy(email);
    const before = await remaining();
    await t.app.get(PaymentGateway).refundPayment(paymentIntentId, `dashboard-${key()}`);
    const deadline = Date.now() + 5_000;
    while ((await order(orderId)).status !== 'refunded') {
      if (Date.now() > deadline) throw new Error('the webhook was not reflected');
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await remaining()).toBe(before + 3);
    const shown = await details(orderId);
    expect(shown.refunds).toEqual([
      expect.objectContaining({ source: 'gateway', who: 'Stripe', adults: 2, children: 1, amountCents: shown.totalCents }),
    ]);
    await mailsTo(email, 1, refundMails);
  });

  it('a refund the gateway refuses changes nothing and says why', async () => {
    const email = 'revathi.s@example.com';
    const { orderId, paymentIntentId } = await buy(email);
    const before = await remaining();
    jest.spyOn(t.app.get(PaymentGateway), 'refundPayment').mockRejectedValueOnce(new RefundRefusedError('Charge has been disputed'));
    const refused = await refund(orderId, { adults: 1, children: 0, idempotencyKey: key() }).expect(502);
    expect(refused.body.message).toBe('The payment service refused the refund: Charge has been disputed. Nothing was refunded.');
    expect(await remaining()).toBe(before);
    expect(await gatewayRefunded(paymentIntentId)).toBe(0);
    expect(await order(orderId)).toMatchObject({ status: 'paid', refundedAdults: 0, refundedChildren: 0, refundedCents: 0 });
    const shown = await details(orderId);
    expect(shown).toMatchObject({ validAdults: 2, validChildren: 1 });
    expect(shown.timeline.find((e) => e.kind === 'refund.failed')?.detail).toContain('Charge has been disputed');
    await settled();
    expect(refundMails(email)).toHaveLength(0);
  });

  it('a refund the gateway did not answer stays pending and is settled in the background, once, with its e-mail', async () => {
    const email = 'ganesh.r@example.com';
    const { orderId, paymentIntentId } = await buy(email);
    const before = await remaining();
    const gateway = t.app.get(PaymentGateway);
    jest.spyOn(gateway, 'refundPayment').mockRejectedValueOnce(new GatewayUnavailableError('the payment service did not answer'));
    await refund(orderId, { adults: 1, children: 0, idempotencyKey: key() }).expect(503);
    // Unknown whether the money went back: nothing released yet, the refund pending.
    expect(await refundRows(orderId)).toMatchObject([{ status: 'pending', adults: 1 }]);
    expect(await remaining()).toBe(before);
    expect(await gatewayRefunded(paymentIntentId)).toBe(0);

    // A pass before the refund is due leaves it; one after settles it, in the manager's name.
    const admin = t.app.get(PartyRefunds);
    expect(await admin.retryPendingRefunds(new Date())).toBe(0);
    const later = new Date(Date.now() + 60_000);
    expect(await admin.retryPendingRefunds(later)).toBe(1);
    expect(await admin.retryPendingRefunds(later)).toBe(0);
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({ status: 'succeeded' });
    expect(await gatewayRefunded(paymentIntentId)).toBe(row!.amountCents);
    expect(await remaining()).toBe(before + 1);
    const shown = await details(orderId);
    expect(shown).toMatchObject({ validAdults: 1, validChildren: 1, refundedCents: row!.amountCents });
    expect(shown.timeline.find((e) => e.kind === 'refunded')).toMatchObject({ who: 'Manager' });
    await mailsTo(email, 1, refundMails);
    await settled();
    expect(refundMails(email)).toHaveLength(1);
  });

  it('bad input is a 400 with a clear message, too many tickets a 409, and nothing changes', async () => {
    const { orderId } = await buy('sita.k@example.com');
    const cases: [Record<string, unknown>, string][] = [
      [{ adults: 0, children: 0, idempotencyKey: key() }, 'Choose at least one ticket to refund'],
      [{ adults: -1, children: 0, idempotencyKey: key() }, 'adults cannot be negative'],
      [{ adults: 1.5, children: 0, idempotencyKey: key() }, 'adults must be a whole number'],
      [{ adults: 1, children: 0 }, 'idempotencyKey: Required'],
      [{ adults: 1, children: 0, idempotencyKey: 'x' }, 'idempotencyKey must be 8 to 64 characters'],
      [{ adults: 1, children: 0, idempotencyKey: key(), amountCents: 1 }, 'amountCents'],
    ];
    for (const [body, message] of cases) {
      const res = await refund(orderId, body).expect(400);
      expect(res.body.message).toContain(message);
    }
    await refund(orderId, { adults: 3, children: 0, idempotencyKey: key() })
      .expect(409)
      .expect(({ body }) => expect(body.message).toBe('Only 2 adult and 1 child tickets are left to refund on this order'));
    await refund(randomUUID(), { adults: 1, children: 0, idempotencyKey: key() }).expect(404);
    await t.http.get('/api/admin/party-orders/not-an-order').set('Cookie', manager).expect(404);
    expect(await refundRows(orderId)).toHaveLength(0);
  });

  it('door and bar devices may not call these routes', async () => {
    const { orderId } = await buy('geetha.v@example.com');
    for (const cookie of [door, bar]) {
      await t.http.get(`/api/admin/party-orders/${orderId}`).set('Cookie', cookie).expect(403);
      await refund(orderId, { adults: 1, children: 0, idempotencyKey: key() }, cookie).expect(403);
      await t.http.post(`/api/admin/party-orders/${orderId}/cancel`).set('Cookie', cookie).send({}).expect(403);
      await t.http
        .put(`/api/admin/party-orders/${orderId}/guest`)
        .set('Cookie', cookie)
        .send({ customerName: 'X', customerEmail: 'x@example.com', customerPhone: '4085550100' })
        .expect(403);
      await t.http.post(`/api/admin/party-orders/${orderId}/resend-confirmation`).set('Cookie', cookie).send({}).expect(403);
    }
    expect(await refundRows(orderId)).toHaveLength(0);
  });

  it('Cancel order releases an unpaid hold now and cancels its payment; twice is harmless; a paid order is refunded instead', async () => {
    const before = await remaining();
    const { orderId, clientSecret } = await hold('anjali.m@example.com');
    expect(await remaining()).toBe(before - 3);
    const cancelled = await t.http.post(`/api/admin/party-orders/${orderId}/cancel`).set('Cookie', manager).send({}).expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.timeline.map((e: { kind: string }) => e.kind)).toContain('cancelled');
    expect(await remaining()).toBe(before);
    await t.http.post(`/api/admin/party-orders/${orderId}/cancel`).set('Cookie', manager).send({}).expect(200);
    // The payment can no longer be made.
    await t.http
      .post('/api/payments/simulated/confirm')
      .set('X-Forwarded-For', nextAddress())
      .send({ clientSecret, ...CARD })
      .expect(400);
    const paid = await buy('bhavana.r@example.com');
    await t.http
      .post(`/api/admin/party-orders/${paid.orderId}/cancel`)
      .set('Cookie', manager)
      .send({})
      .expect(409)
      .expect(({ body }) => expect(body.message).toBe('This order is paid: refund it instead of cancelling it'));
  });

  it('Resend confirmation goes to a corrected address, which becomes the order’s', async () => {
    const { orderId } = await buy('wrong.address@example.com');
    await t.http
      .post(`/api/admin/party-orders/${orderId}/resend-confirmation`)
      .set('Cookie', manager)
      .send({ email: 'not-an-email' })
      .expect(400)
      .expect(({ body }) => expect(body.message).toContain('Invalid email address'));
    const res = await t.http
      .post(`/api/admin/party-orders/${orderId}/resend-confirmation`)
      .set('Cookie', manager)
      .send({ email: 'Right.Address@example.com' })
      .expect(202);
    expect(res.body.sentTo).toBe('right.address@example.com');
    const [mail] = await mailsTo('right.address@example.com', 1);
    expect(mail.parsed.subject).toMatch(/^Your tickets for/);
    expect((await order(orderId)).customerEmail).toBe('right.address@example.com');
    expect((await details(orderId)).timeline.map((e) => e.kind)).toContain('email.resent');
  });

  it('Edit guest details saves name, e-mail and phone with the checkout rules, on the timeline', async () => {
    const { orderId } = await buy('old.name@example.com');
    const edit = (body: Record<string, unknown>) =>
      t.http.put(`/api/admin/party-orders/${orderId}/guest`).set('Cookie', manager).send(body);
    await edit({ customerName: 'Kavitha Nair', customerEmail: 'kavitha@example.com', customerPhone: '555' })
      .expect(400)
      .expect(({ body }) => expect(body.message).toContain('Phone number must be at least 10 digits'));
    await edit({ customerName: '', customerEmail: 'kavitha@example.com', customerPhone: '(408) 555-0199' })
      .expect(400)
      .expect(({ body }) => expect(body.message).toContain('Name is required'));
    expect((await order(orderId)).customerName).toBe('Asha Raman');
    const saved = await edit({
      customerName: 'Kavitha Nair',
      customerEmail: 'Kavitha@Example.com',
      customerPhone: '(408) 555-0199',
    }).expect(200);
    expect(saved.body).toMatchObject({
      customerName: 'Kavitha Nair',
      customerEmail: 'kavitha@example.com',
      customerPhone: '(408) 555-0199',
    });
    await edit({ customerName: 'Kavitha Nair', customerEmail: 'kavitha@example.com', customerPhone: '(408) 555-0199' }).expect(200);
    const edits = (await details(orderId)).timeline.filter((e) => e.kind === 'edited');
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ who: 'Manager' });
  });

  it("an order's entries written before they kept the order's id show in its details once the backfill gives them one", async () => {
    const { orderId } = await buy('before.subjects@example.com');
    const other = await buy('someone.else@example.com');
    await t.http
      .put(`/api/admin/party-orders/${orderId}/guest`)
      .set('Cookie', manager)
      .send({ customerName: 'Lakshmi Pillai', customerEmail: 'before.subjects@example.com', customerPhone: '(408) 555-0142' })
      .expect(200);
    const log = t.dataSource.getRepository(StaffActivityEntity);
    // An edit recorded the old way, by its label alone (under the name the order had then), and
    // one of another order, whose label names that order.
    await log.update({ subjectId: orderId }, { subjectId: null });
    await log.insert({
      at: new Date(),
      who: 'Manager',
      role: 'manager',
      deviceId: null,
      action: 'ticket.edit',
      object: `Ticket ${other.orderId.slice(0, 8).toUpperCase()} (Asha Raman)`,
      detail: 'phone changed',
      subjectId: null,
    });
    expect((await details(orderId)).timeline.filter((e) => e.kind === 'edited')).toEqual([]);

    const runner = t.dataSource.createQueryRunner();
    try {
      expect(await backfillActivitySubjects(runner)).toBeGreaterThanOrEqual(2);
      // Again: nothing is left to give a subject to.
      expect(await backfillActivitySubjects(runner)).toBe(0);
    } finally {
      await runner.release();
    }
    const edits = (await details(orderId)).timeline.filter((e) => e.kind === 'edited');
    expect(edits).toEqual([
      expect.objectContaining({ who: 'Manager', role: 'manager', detail: expect.stringContaining('name Asha Raman → Lakshmi Pillai') }),
    ]);
    expect((await details(other.orderId)).timeline.filter((e) => e.kind === 'edited')).toMatchObject([{ detail: 'phone changed' }]);
    expect(await log.countBy({ subjectId: orderId })).toBeGreaterThanOrEqual(1);
  });

  it('the migration goes down and up again, with refunds recorded', async () => {
    const { orderId } = await buy('migration.check@example.com');
    await refund(orderId, { adults: 1, children: 0, idempotencyKey: key() }).expect(200);
    const runner = t.dataSource.createQueryRunner();
    try {
      // Down to before the refunds: the migrations after it first (feast packs), then its own.
      const { MIGRATIONS } = await import('../src/database/migrations/index.js');
      const after = MIGRATIONS.length - 1 - MIGRATIONS.findIndex((migration) => migration.name === 'PartyRefunds1762000100000');
      for (let i = 0; i <= after; i += 1) await t.dataSource.undoLastMigration();
      expect(await runner.hasTable('party_refunds')).toBe(false);
      expect(await runner.hasColumn('party_orders', 'refundedAdults')).toBe(false);
      expect(await runner.hasColumn('simulated_payments', 'refundedCents')).toBe(false);
      await t.dataSource.runMigrations();
      expect(await runner.hasTable('party_refunds')).toBe(true);
      expect(await order(orderId)).toMatchObject({ status: 'paid', refundedAdults: 0, refundedCents: 0 });
    } finally {
      await runner.release();
    }
  });
});
