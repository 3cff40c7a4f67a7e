import {
  DEFAULT_FEAST_PACKS,
  parseTicketCode,
  priceFeastOrder,
  PICKUP_CODE_DOMAIN,
  type FeastCatalog,
  type FeastOrder,
  type FeastPacksSettings,
  type SeasonsResponse,
  type FunnelEntry,
} from '@festival/contracts';
import { startSmtpSink, type SmtpSink } from '@festival/test-kit';
import { TicketCodes } from '../src/modules/codes/ticket-codes.js';
import { FeastEmailService } from '../src/modules/feast/feast-email.service.js';
import { FeastOrderEntity } from '../src/modules/feast/feast-order.entity.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { SimulatedPaymentEntity } from '../src/modules/payments/simulated-payment.entity.js';
import type { SimulatedGateway } from '../src/modules/payments/simulated.gateway.js';
import { StaffActivityEntity } from '../src/modules/staff/staff-activity.entity.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'feast-staff-password-2026';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const TAX = 938;

/** Two packs and two pickup times, one of them for 2 packs only. */
const OPEN_SECTION = {
  open: true,
  packs: [
    { name: 'Vegetarian Feast Pack', description: 'Paneer, biryani, breads, sweets', price: 3999, vegetarian: true },
    { name: 'Non-Vegetarian Feast Pack', description: 'Chicken, goat, biryani, breads, sweets', price: 4999, vegetarian: false },
  ],
  slots: [
    { date: '2026-11-07', time: '11:00', capacity: 2 },
    { date: '2026-11-07', time: '13:30', capacity: 40 },
  ],
};

describe(`feast pack pre-orders on ${TEST_DATABASE}`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let manager: string;
  let buyers = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' });
    manager = await managerCookie(t, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  beforeEach(() => {
    sink.messages.length = 0;
  });

  const catalog = async (): Promise<FeastCatalog> => (await t.http.get('/api/feast-packs').expect(200)).body as FeastCatalog;
  const settings = async (): Promise<FeastPacksSettings> =>
    (await t.http.get('/api/admin/feast-packs').set('Cookie', manager).expect(200)).body as FeastPacksSettings;
  const save = (body: object) => t.http.put('/api/admin/feast-packs').set('Cookie', manager).send(body);
  const orderCount = () => t.dataSource.getRepository(FeastOrderEntity).count();

  /** An intent from a buyer of their own (own e-mail, own network). */
  function intent(body: Record<string, unknown>) {
    buyers += 1;
    return t.http
      .post('/api/feast-order-intent')
      .set('X-Forwarded-For', `198.51.100.${(buyers % 250) + 1}`)
      .send({
        customerName: 'Lakshmi Rao',
        customerEmail: `lakshmi.${buyers}@example.com`,
        customerPhone: '(408) 555-0199',
        ...body,
      });
  }

  async function waitForCompletion(orderId: string): Promise<void> {
    for (let tries = 0; ; tries += 1) {
      const [{ n }] = (await t.dataSource.query(
        "SELECT COUNT(*) AS n FROM analytics_events WHERE eventType = 'order_completed' AND entityId = ?",
        [orderId],
      )) as { n: unknown }[];
      if (Number(n) === 1) return;
      if (tries === 100) throw new Error(`Pre-order ${orderId} was not completed within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function reopen(section = OPEN_SECTION): Promise<FeastCatalog> {
    const current = await settings();
    // Keep the pickup times that have orders; replace the rest.
    const keep = current.slots.filter((slot) => slot.sold > 0).map(({ id, date, time, capacity }) => ({ id, date, time, capacity }));
    const res = await save({
      ...section,
      slots: [...keep, ...section.slots.filter((s) => !keep.some((k) => k.date === s.date && k.time === s.time))],
    }).expect(200);
    return res.body as FeastCatalog;
  }

  it('starts closed with the two packs of the e-mail template, and refuses a pre-order with the closed message', async () => {
    expect(await catalog()).toEqual({ open: false, taxRateBasisPoints: TAX, packs: [], slots: [] });
    const staff = await settings();
    expect(staff.open).toBe(false);
    expect(staff.slots).toEqual([]);
    expect(staff.packs.map(({ name, price, vegetarian, hidden }) => ({ name, price, vegetarian, hidden }))).toEqual(
      DEFAULT_FEAST_PACKS.map(({ name, price, vegetarian }) => ({ name, price, vegetarian, hidden: false })),
    );
    const refused = await intent({ items: [{ packId: staff.packs[0].id, quantity: 1 }], slotId: 'none', totalAmount: 4374 }).expect(409);
    expect(refused.body).toEqual({ message: 'Feast pack pre-orders are closed' });
    expect(await orderCount()).toBe(0);
  });

  it('refuses a bad section with a 400 that says why, and changes nothing', async () => {
    const before = await settings();
    const cases: [object, RegExp][] = [
      [{ ...OPEN_SECTION, packs: [{ ...OPEN_SECTION.packs[0], name: ' ' }] }, /Each pack needs a name/],
      [{ ...OPEN_SECTION, packs: [{ ...OPEN_SECTION.packs[0], price: 39.99 }] }, /price must be whole cents/],
      [{ ...OPEN_SECTION, slots: [{ date: '2026-02-30', time: '11:00', capacity: 5 }] }, /date is not a real date/],
      [{ ...OPEN_SECTION, slots: [{ date: '2026-11-07', time: '25:00', capacity: 5 }] }, /time must be HH:MM/],
      [{ ...OPEN_SECTION, slots: [{ date: '2026-11-07', time: '11:00', capacity: 0 }] }, /capacity of at least 1/],
      [{ ...OPEN_SECTION, slots: [] }, /at least one pickup time/],
      [{ ...OPEN_SECTION, slots: [OPEN_SECTION.slots[0], OPEN_SECTION.slots[0]] }, /listed twice/],
      [{ ...OPEN_SECTION, packs: [{ ...OPEN_SECTION.packs[0], id: 'not-a-pack-of-this-event' }] }, /no pack/],
    ];
    for (const [body, message] of cases) {
      const res = await save(body).expect(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await settings()).toEqual(before);
  });

  it('is the manager’s: a door device may not change the section', async () => {
    const door = await deviceCookie(t, manager, 'Front door', 'door');
    const res = await t.http.put('/api/admin/feast-packs').set('Cookie', door).send(OPEN_SECTION).expect(403);
    expect(res.body.message).toBeTruthy();
    await t.http.put('/api/admin/feast-packs').send(OPEN_SECTION).expect(401);
  });

  it('sells 2 packs for the small pickup time, e-mails the pickup code, then answers This pickup time is full', async () => {
    const opened = await reopen();
    expect(opened).toEqual(await catalog());
    expect(opened.open).toBe(true);
    expect(opened.packs.map((pack) => pack.name)).toEqual(OPEN_SECTION.packs.map((pack) => pack.name));
    const [small, large] = opened.slots;
    expect(small).toMatchObject({ date: '2026-11-07', time: '11:00', remaining: 2 });
    const veg = opened.packs[0];
    const total = priceFeastOrder([{ price: veg.price, quantity: 2 }], TAX).totalCents;
    expect(total).toBe(7998 + 750);

    const changed = await intent({ items: [{ packId: veg.id, quantity: 2 }], slotId: small.id, totalAmount: total - 1 }).expect(409);
    expect(changed.body).toEqual({ message: 'The total has changed — please review your order' });
    const unknown = await intent({ items: [{ packId: 'no-such-pack', quantity: 1 }], slotId: small.id, totalAmount: 4374 }).expect(409);
    expect(unknown.body.message).toMatch(/no longer offered/);
    expect(await orderCount()).toBe(0);

    const held = await intent({
      customerName: 'Anjali Menon',
      customerEmail: 'anjali.menon@example.com',
      items: [{ packId: veg.id, quantity: 2 }],
      slotId: small.id,
      totalAmount: total,
    }).expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: held.body.clientSecret, ...CARD })
      .expect(200);
    const receipt = await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId: paid.body.id, type: 'feast_order', clientSecret: held.body.clientSecret })
      .expect(200);
    expect(receipt.body).toMatchObject({
      orderId: held.body.orderId,
      reference: String(held.body.orderId).slice(0, 8).toUpperCase(),
      status: 'paid',
      pickupDate: 'Saturday, November 7, 2026',
      pickupTime: '11:00 AM',
      items: [{ packId: veg.id, name: veg.name, quantity: 2, price: veg.price }],
      subtotalCents: 7998,
      taxCents: 750,
      totalCents: total,
      customerName: 'Anjali Menon',
      customerEmail: 'anjali.menon@example.com',
    });
    // Confirming again changes nothing; without the client secret the buyer is not named.
    const again = await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'feast_order' }).expect(200);
    expect(again.body.customerEmail).toBeUndefined();
    expect(again.body.totalCents).toBe(total);

    const [mail] = await sink.waitFor(1);
    expect(mail.envelopeTo).toEqual(['anjali.menon@example.com']);
    expect(mail.parsed.subject).toContain(receipt.body.reference);
    expect(mail.parsed.text).toContain('Pick up on Saturday, November 7, 2026 at 11:00 AM');
    expect(mail.parsed.text).toContain('Vegetarian Feast Pack × 2: $79.98');
    expect(mail.parsed.text).toContain('Total paid: $87.48');
    const ics = mail.parsed.attachments.find((a) => a.filename === 'feast-pickup.ics');
    expect(String(typeof ics?.content === 'string' ? ics.content : new TextDecoder().decode(ics?.content as ArrayBuffer))).toMatch(
      /DTSTART:20261107T190000Z/,
    );
    // The printed pickup code is signed for this order, as a pickup code, not a ticket.
    const printed = /Pickup code, if the QR code cannot be scanned:\n(.+)\n/.exec(mail.parsed.text ?? '')![1];
    const codes = t.app.get(TicketCodes);
    expect(codes.orderIdOf(printed, PICKUP_CODE_DOMAIN)).toBe(held.body.orderId);
    expect(codes.orderIdOf(printed)).toBeNull();
    expect(parseTicketCode(printed)?.orderId).toBe(held.body.orderId);

    // The small pickup time is full now.
    expect((await catalog()).slots.find((slot) => slot.id === small.id)?.remaining).toBe(0);
    const full = await intent({ items: [{ packId: veg.id, quantity: 1 }], slotId: small.id, totalAmount: 4374 }).expect(409);
    expect(full.body).toEqual({ message: 'This pickup time is full' });
    expect((await catalog()).slots.find((slot) => slot.id === large.id)?.remaining).toBe(40);

    // Staff see it with its pickup date, time and items; the feast funnel counts it.
    await waitForCompletion(held.body.orderId);
    const orders = (await t.http.get('/api/orders').set('Cookie', manager).expect(200)).body as FeastOrder[];
    expect(orders.find((order) => order.id === held.body.orderId)).toMatchObject({
      customerName: 'Anjali Menon',
      pickupDate: 'Saturday, November 7, 2026',
      pickupTime: '11:00 AM',
      items: [{ name: 'Vegetarian Feast Pack', quantity: 2 }],
      totalAmount: total,
    });
    const funnel = (await t.http.get('/api/analytics/funnel').set('Cookie', manager).expect(200)).body as FunnelEntry[];
    expect(funnel.find((entry) => entry.eventType === 'order_completed')?.count).toBe(1);

    // The pickup desk: by the code, once; a second scan says when.
    const door = await deviceCookie(t, manager, 'Pickup desk', 'door');
    const picked = await t.http.post('/api/admin/pickups').set('Cookie', door).send({ code: printed }).expect(200);
    expect(picked.body).toMatchObject({ result: 'picked_up', order: { reference: receipt.body.reference, pickedUpBy: 'Pickup desk' } });
    const twice = await t.http.post('/api/admin/pickups').set('Cookie', door).send({ orderId: held.body.orderId }).expect(200);
    expect(twice.body.result).toBe('already_picked_up');
    expect(twice.body.order.pickedUpAt).toBe(picked.body.order.pickedUpAt);
    const ticketCode = codes.codeFor(held.body.orderId);
    expect((await t.http.post('/api/admin/pickups').set('Cookie', door).send({ code: ticketCode }).expect(200)).body).toEqual({
      result: 'invalid',
      order: null,
    });
    const listed = await t.http.get('/api/admin/pickups?q=anjali').set('Cookie', door).expect(200);
    expect(listed.body.orders).toHaveLength(1);
    expect(listed.body.orders[0]).toMatchObject({ customerName: 'Anjali Menon', items: [{ name: 'Vegetarian Feast Pack', quantity: 2 }] });

    // A pickup time with orders cannot be removed or cut below them.
    const staff = await settings();
    const kept = staff.slots.map(({ id, date, time, capacity }) => ({ id, date, time, capacity }));
    const cut = await save({
      ...OPEN_SECTION,
      packs: staff.packs,
      slots: kept.map((s) => (s.id === small.id ? { ...s, capacity: 1 } : s)),
    }).expect(409);
    expect(cut.body.message).toMatch(/has 2 packs sold or held: its capacity cannot be lower/);
    const removed = await save({ ...OPEN_SECTION, packs: staff.packs, slots: kept.filter((s) => s.id !== small.id) }).expect(409);
    expect(removed.body.message).toMatch(/has orders and cannot be removed/);
  });

  it('holds exactly 5 packs of a pickup time for 5 among 20 buyers at once', async () => {
    const opened = await reopen({ ...OPEN_SECTION, slots: [{ date: '2026-11-08', time: '12:00', capacity: 5 }] });
    const slot = opened.slots.find((s) => s.date === '2026-11-08')!;
    const pack = opened.packs[1];
    const before = await orderCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => intent({ items: [{ packId: pack.id, quantity: 1 }], slotId: slot.id, totalAmount: 5468 })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(5);
    const refused = answers.filter((res) => res.status !== 200);
    expect(refused).toHaveLength(15);
    for (const res of refused) expect(res.body).toEqual({ message: 'This pickup time is full' });
    expect(await orderCount()).toBe(before + 5);
    expect((await catalog()).slots.find((s) => s.id === slot.id)?.remaining).toBe(0);
  });

  it('honours a late payment while the pickup time has room, and refunds it when it filled up', async () => {
    const opened = await reopen({ ...OPEN_SECTION, slots: [{ date: '2026-11-09', time: '15:00', capacity: 1 }] });
    const slot = opened.slots.find((s) => s.date === '2026-11-09')!;
    const pack = opened.packs[0];
    const repo = t.dataSource.getRepository(FeastOrderEntity);
    const body = { items: [{ packId: pack.id, quantity: 1 }], slotId: slot.id, totalAmount: 4374 };

    const late = await intent(body).expect(200);
    await repo.update({ id: late.body.orderId }, { holdExpiresAt: new Date(Date.now() - 1000) });
    const quick = await intent(body).expect(200);
    const latePaid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: late.body.clientSecret, ...CARD })
      .expect(200);
    const refused = await t.http.post('/api/confirm-payment').send({ paymentIntentId: latePaid.body.id, type: 'feast_order' }).expect(409);
    expect(refused.body.message).toMatch(/refunded in full/);
    expect((await repo.findOneByOrFail({ id: late.body.orderId })).status).toBe('refunded');
    const [refundMail] = await sink.waitFor(1);
    expect(refundMail.parsed.subject).toMatch(/refunded/);

    // The hold that lapsed without payment gives its pack back; a late payment then fits.
    await repo.update({ id: quick.body.orderId }, { holdExpiresAt: new Date(Date.now() - 1000) });
    const quickPaid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: quick.body.clientSecret, ...CARD })
      .expect(200);
    await t.http.post('/api/confirm-payment').send({ paymentIntentId: quickPaid.body.id, type: 'feast_order' }).expect(200);
    expect((await repo.findOneByOrFail({ id: quick.body.orderId })).status).toBe('paid');
  });

  /**
   * Opens one pickup time and buys 2 of the first pack there, paid and confirmed; its confirmation
   * e-mail has arrived and is cleared from the sink.
   */
  /**
   * The order's confirmation is recorded sent and no e-mail pass is under way: what the sink holds
   * from here on was sent later (the sink hears a message before the outbox records it sent).
   */
  async function confirmationSettled(orderId: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((await t.dataSource.getRepository(FeastOrderEntity).findOneByOrFail({ id: orderId })).emailStatus !== 'sent') {
      if (Date.now() > deadline) throw new Error(`The confirmation of ${orderId} was not recorded sent`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await t.app.get(FeastEmailService).idle();
  }

  async function paidPreorder(date: string, time: string, capacity: number, customerEmail: string) {
    const opened = await reopen({ ...OPEN_SECTION, slots: [{ date, time, capacity }] });
    const slot = opened.slots.find((s) => s.date === date)!;
    const pack = opened.packs[0];
    const total = priceFeastOrder([{ price: pack.price, quantity: 2 }], TAX).totalCents;
    const held = await intent({ customerEmail, items: [{ packId: pack.id, quantity: 2 }], slotId: slot.id, totalAmount: total }).expect(
      200,
    );
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: held.body.clientSecret, ...CARD })
      .expect(200);
    await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'feast_order' }).expect(200);
    await sink.waitFor(1);
    await confirmationSettled(String(held.body.orderId));
    sink.messages.length = 0;
    return { slot, pack, total, orderId: String(held.body.orderId), paymentIntentId: String(paid.body.id) };
  }

  it('the manager refunds a paid pre-order once however often asked, its packs back on sale; cancels a hold; resends a confirmation', async () => {
    const { slot, pack, total, orderId, paymentIntentId } = await paidPreorder('2026-11-10', '12:30', 3, 'refund.me@example.com');
    const remaining = async () => (await catalog()).slots.find((s) => s.id === slot.id)?.remaining;
    expect(await remaining()).toBe(1);

    // Not the door's; an unknown order is a 404; a paid one cannot be cancelled.
    const door = await deviceCookie(t, manager, 'Pickup door', 'door');
    await t.http.post(`/api/admin/feast-orders/${orderId}/refund`).set('Cookie', door).expect(403);
    const unknown = await t.http.post('/api/admin/feast-orders/not-an-order/refund').set('Cookie', manager).expect(404);
    expect(unknown.body).toEqual({ message: 'No such pre-order' });
    const notCancelled = await t.http.post(`/api/admin/feast-orders/${orderId}/cancel`).set('Cookie', manager).expect(409);
    expect(notCancelled.body).toEqual({ message: 'This pre-order is paid: refund it instead of cancelling it' });

    // Resend: the confirmation again, once.
    const resent = await t.http.post(`/api/admin/feast-orders/${orderId}/resend-confirmation`).set('Cookie', manager).expect(200);
    expect(resent.body).toMatchObject({ id: orderId, status: 'paid' });
    const [again] = await sink.waitFor(1);
    expect(again.parsed.to?.[0]?.address ?? '').toBe('refund.me@example.com');
    expect(again.parsed.subject).toMatch(/feast pack pre-order/);
    await confirmationSettled(orderId);
    sink.messages.length = 0;

    // Refund clicked twice at once: one gateway refund of the whole total, one e-mail, packs back.
    const [first, second] = await Promise.all([
      t.http.post(`/api/admin/feast-orders/${orderId}/refund`).set('Cookie', manager),
      t.http.post(`/api/admin/feast-orders/${orderId}/refund`).set('Cookie', manager),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const settled = await t.http.post(`/api/admin/feast-orders/${orderId}/refund`).set('Cookie', manager).expect(200);
    expect(settled.body).toEqual({ id: orderId, status: 'refunded', refundedCents: total, emailStatus: 'sent' });
    const payment = await t.dataSource.getRepository(SimulatedPaymentEntity).findOneByOrFail({ id: paymentIntentId });
    expect(payment.refundedCents).toBe(total);
    const [refundMail] = await sink.waitFor(1);
    expect(refundMail.parsed.subject).toBe(`Your feast pack pre-order ${orderId.slice(0, 8).toUpperCase()} has been refunded`);
    expect(refundMail.parsed.text).toContain('$87.48');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages).toHaveLength(1);
    expect(await remaining()).toBe(3);
    const log = await t.dataSource.getRepository(StaffActivityEntity).findBy({ action: 'feast.refund' });
    expect(log.filter((entry) => entry.object === `Pre-order ${orderId.slice(0, 8).toUpperCase()}`)).toHaveLength(1);
    // The dashboard's list of pre-orders no longer shows it.
    const listed = (await t.http.get('/api/orders').set('Cookie', manager).expect(200)).body as FeastOrder[];
    expect(listed.some((order) => order.id === orderId)).toBe(false);

    // Cancel: an unpaid hold's packs back at once, twice the same.
    const hold = await intent({
      items: [{ packId: pack.id, quantity: 3 }],
      slotId: slot.id,
      totalAmount: priceFeastOrder([{ price: pack.price, quantity: 3 }], TAX).totalCents,
    }).expect(200);
    expect(await remaining()).toBe(0);
    for (let i = 0; i < 2; i += 1) {
      const cancelled = await t.http.post(`/api/admin/feast-orders/${hold.body.orderId}/cancel`).set('Cookie', manager).expect(200);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    }
    expect(await remaining()).toBe(3);
    const noRefund = await t.http.post(`/api/admin/feast-orders/${hold.body.orderId}/refund`).set('Cookie', manager).expect(409);
    expect(noRefund.body).toEqual({ message: 'Only a paid pre-order can be refunded; an unpaid one is cancelled' });
  });

  it('F6: a pre-order the desk marked picked up is refunded only with confirmPickedUp: true, sent after the manager confirmed', async () => {
    const { slot, total, orderId, paymentIntentId } = await paidPreorder('2026-11-11', '13:00', 3, 'picked.up@example.com');
    const remaining = async () => (await catalog()).slots.find((s) => s.id === slot.id)?.remaining;
    const desk = await deviceCookie(t, manager, 'Pickup desk', 'door');
    const pickup = await t.http.post('/api/admin/pickups').set('Cookie', desk).send({ orderId }).expect(200);
    expect(pickup.body.result).toBe('picked_up');
    // Feast Pack Orders says so, for the confirmation to name it.
    const listed = ((await t.http.get('/api/orders').set('Cookie', manager).expect(200)).body as FeastOrder[]).find(
      (o) => o.id === orderId,
    );
    expect(listed).toMatchObject({ pickedUpAt: expect.any(String), pickedUpBy: 'Pickup desk' });

    const refund = () => t.http.post(`/api/admin/feast-orders/${orderId}/refund`).set('Cookie', manager);
    const refusal = `Pre-order ${orderId.slice(0, 8).toUpperCase()} was already picked up (marked by Pickup desk): refund it only after confirming that, with confirmPickedUp: true`;
    expect((await refund().expect(409)).body).toEqual({ message: refusal });
    expect((await refund().send({ confirmPickedUp: false }).expect(409)).body).toEqual({ message: refusal });
    const notBoolean = await refund().send({ confirmPickedUp: 'yes' }).expect(400);
    expect(notBoolean.body.message).toBe('confirmPickedUp: Expected boolean, received string');
    // Nothing changed: still paid, no money back, no packs back.
    expect((await t.dataSource.getRepository(FeastOrderEntity).findOneByOrFail({ id: orderId })).status).toBe('paid');
    expect((await t.dataSource.getRepository(SimulatedPaymentEntity).findOneByOrFail({ id: paymentIntentId })).refundedCents).toBe(0);
    expect(await remaining()).toBe(1);
    expect(sink.messages.filter((mail) => /refunded/.test(mail.parsed.subject ?? ''))).toEqual([]);

    const refunded = await refund().send({ confirmPickedUp: true }).expect(200);
    expect(refunded.body).toMatchObject({ id: orderId, status: 'refunded', refundedCents: total });
    expect((await t.dataSource.getRepository(SimulatedPaymentEntity).findOneByOrFail({ id: paymentIntentId })).refundedCents).toBe(total);
    const [entry] = await t.dataSource
      .getRepository(StaffActivityEntity)
      .findBy({ action: 'feast.refund', object: `Pre-order ${orderId.slice(0, 8).toUpperCase()}` });
    expect(entry.detail).toBe('$87.48 refunded, 2 packs back on sale; it had been picked up (Pickup desk)');
  });

  it("reflects a refund made in the gateway's dashboard: part of it on the order, all of it refunds the order, packs back, the buyer e-mailed", async () => {
    const { slot, total, orderId, paymentIntentId } = await paidPreorder('2026-11-12', '12:00', 4, 'bank.refund@example.com');
    const row = () => t.dataSource.getRepository(FeastOrderEntity).findOneByOrFail({ id: orderId });
    const remaining = async () => (await catalog()).slots.find((s) => s.id === slot.id)?.remaining;
    const until = async (done: (order: FeastOrderEntity) => boolean) => {
      for (let tries = 0; !done(await row()); tries += 1) {
        if (tries === 100) throw new Error('the refund was not reflected within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const gateway = t.app.get(PaymentGateway);

    // Part of it refunded at the gateway: money alone, the pre-order stays paid and listed.
    await gateway.refundPayment(paymentIntentId, 'feast-dashboard-part', 1000);
    await until((order) => order.refundedCents === 1000);
    expect((await row()).status).toBe('paid');
    expect(await remaining()).toBe(2);
    expect(((await t.http.get('/api/orders').set('Cookie', manager).expect(200)).body as FeastOrder[]).some((o) => o.id === orderId)).toBe(
      true,
    );

    // The rest: the pre-order is refunded, its packs back on sale, the buyer told once.
    await gateway.refundPayment(paymentIntentId, 'feast-dashboard-rest');
    await until((order) => order.status === 'refunded');
    expect((await row()).refundedCents).toBe(total);
    expect(await remaining()).toBe(4);
    const [mail] = await sink.waitFor(1);
    expect(mail.parsed.subject).toBe(`Your feast pack pre-order ${orderId.slice(0, 8).toUpperCase()} has been refunded`);
    // The staff's Refund afterwards changes nothing more.
    const again = await t.http.post(`/api/admin/feast-orders/${orderId}/refund`).set('Cookie', manager).expect(200);
    expect(again.body).toEqual({ id: orderId, status: 'refunded', refundedCents: total, emailStatus: 'sent' });
    expect((await t.dataSource.getRepository(SimulatedPaymentEntity).findOneByOrFail({ id: paymentIntentId })).refundedCents).toBe(total);
  });

  it("marks a pre-order in Feast Pack Orders when the card's bank disputes its payment, then how the dispute ended", async () => {
    const { orderId, paymentIntentId } = await paidPreorder('2026-11-13', '11:30', 2, 'chargeback@example.com');
    const listed = async () =>
      ((await t.http.get('/api/orders').set('Cookie', manager).expect(200)).body as { id: string; dispute: string | null }[]).find(
        (o) => o.id === orderId,
      );
    expect(await listed()).toMatchObject({ dispute: null });
    const gateway = t.app.get(PaymentGateway) as SimulatedGateway;
    await gateway.simulateDispute(paymentIntentId);
    expect(await listed()).toMatchObject({ dispute: 'open' });
    await gateway.simulateDispute(paymentIntentId, 'won');
    expect(await listed()).toMatchObject({ dispute: 'won' });
  });

  it('refuses a hidden pack and bad input, changing nothing', async () => {
    const staff = await settings();
    const hiddenSection = {
      open: true,
      packs: staff.packs.map((pack, i) => ({ ...pack, hidden: i === 1 })),
      slots: [
        ...staff.slots.map(({ id, date, time, capacity }) => ({ id, date, time, capacity })),
        { date: '2026-11-10', time: '12:00', capacity: 10 },
      ],
    };
    await save(hiddenSection).expect(200);
    const shown = await catalog();
    expect(shown.packs.map((p) => p.id)).toEqual([staff.packs[0].id]);
    const before = await orderCount();
    const slot = shown.slots.find((s) => s.remaining > 0)!;
    const hidden = await intent({ items: [{ packId: staff.packs[1].id, quantity: 1 }], slotId: slot.id, totalAmount: 5468 }).expect(409);
    expect(hidden.body.message).toMatch(/no longer offered/);
    const empty = await intent({ items: [], slotId: slot.id, totalAmount: 0 }).expect(400);
    expect(empty.body.message).toMatch(/Add at least one feast pack/);
    const phone = await intent({
      customerPhone: '555',
      items: [{ packId: staff.packs[0].id, quantity: 1 }],
      slotId: slot.id,
      totalAmount: 4374,
    }).expect(400);
    expect(phone.body.message).toMatch(/Phone number must be at least 10 digits/);
    const many = await intent({ items: [{ packId: staff.packs[0].id, quantity: 21 }], slotId: slot.id, totalAmount: 1 }).expect(400);
    expect(many.body.message).toMatch(/At most 20 packs per order/);
    expect(await orderCount()).toBe(before);

    // Closing brings back the closed answer.
    await save({ ...hiddenSection, open: false }).expect(200);
    expect(await catalog()).toEqual({ open: false, taxRateBasisPoints: TAX, packs: [], slots: [] });
  });

  it('gives the next event the two packs of the template, closed', async () => {
    const { events } = (await t.http.get('/api/admin/events').set('Cookie', manager).expect(200)).body as SeasonsResponse;
    const closingSeasonName = events.find((event) => event.status === 'on-sale')!.name;
    await t.http
      .post('/api/admin/events')
      .set('Cookie', manager)
      .send({ name: 'Diwali Party 2027', date: '2027-10-30', closingSeasonName })
      .expect(201);
    const next = await settings();
    expect(next.open).toBe(false);
    expect(next.slots).toEqual([]);
    expect(next.packs.map((pack) => pack.name)).toEqual(DEFAULT_FEAST_PACKS.map((pack) => pack.name));
  });
});
