import { randomUUID } from 'node:crypto';
import { normaliseTicketCode, priceParty, type ActivityEntry, type DoorSaleResponse, type PartyOrderDetails } from '@festival/contracts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@festival/test-kit';
import { TicketRedemptionEntity } from '../src/modules/tickets/ticket-redemption.entity.js';
import { SimulatedPaymentEntity } from '../src/modules/payments/simulated-payment.entity.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { createPartyOrderRequest } from './support/factories.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'comps-staff-password-2025';
const CAPACITY = 20;

let addresses = 0;
const nextAddress = () => `198.51.100.${(addresses += 1)}`;

describe(`comps (Add guests) and door sales, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let manager: string;
  let door: string;
  let bar: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      ADMIN_PASSWORD: PASSWORD,
      LOGIN_ATTEMPTS_PER_15_MINUTES: '100',
      SMTP_URL: sink.url,
      TICKET_CAPACITY: String(CAPACITY),
    });
    manager = await managerCookie(t, PASSWORD);
    door = await deviceCookie(t, manager, 'Front door', 'door');
    bar = await deviceCookie(t, manager, 'Main bar', 'bar');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const remaining = async (): Promise<number> => (await t.http.get('/api/party-ticket-stats').expect(200)).body.remaining as number;
  const orderCount = () => t.dataSource.getRepository(PartyOrderEntity).count();
  const arrived = async (): Promise<number> =>
    (await t.http.get('/api/admin/check-ins/stats').set('Cookie', door).expect(200)).body.arrived as number;
  const activity = async (action: string): Promise<ActivityEntry[]> =>
    (await t.http.get(`/api/admin/activity?action=${action}&pageSize=200`).set('Cookie', manager).expect(200)).body.items;
  const addGuests = (body: Record<string, unknown>, cookie = manager) =>
    t.http.post('/api/admin/party-orders/comps').set('Cookie', cookie).send(body);
  const sell = (body: Record<string, unknown>, cookie = door) => t.http.post('/api/admin/door-sales').set('Cookie', cookie).send(body);
  const comp = (overrides: Record<string, unknown> = {}) => ({
    customerName: 'Lakshmi Iyer',
    customerEmail: `guest-${randomUUID().slice(0, 8)}@example.com`,
    adults: 2,
    children: 0,
    reason: 'Family of the chef',
    requestId: randomUUID(),
    ...overrides,
  });
  const sentTo = (email: string): ReceivedMail[] => sink.messages.filter((m) => m.envelopeTo.includes(email));
  async function mailTo(email: string): Promise<ReceivedMail> {
    const deadline = Date.now() + 10_000;
    while (sentTo(email).length === 0) {
      if (Date.now() > deadline) throw new Error(`No e-mail to ${email}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return sentTo(email)[0]!;
  }

  it('Add guests: 2 adults without payment, counted against capacity, a $0 Comp order; the e-mailed code admits 2 at the door; twice is once', async () => {
    const before = await remaining();
    const body = comp();
    const added = await addGuests(body).expect(200);
    const details = added.body as PartyOrderDetails;
    expect(details).toMatchObject({
      status: 'paid',
      comp: true,
      compReason: 'Family of the chef',
      paymentMethod: 'comp',
      customerName: 'Lakshmi Iyer',
      customerEmail: body.customerEmail,
      adultTickets: 2,
      childTickets: 0,
      totalCents: 0,
      paymentReference: null,
      admitted: 0,
    });
    expect(details.timeline[0]).toMatchObject({ kind: 'created', who: 'Manager', role: 'manager' });
    expect(details.timeline[0]!.detail).toContain('Family of the chef');
    expect(await remaining()).toBe(before - 2);

    // The staff's table shows it, flagged, at $0.
    const rows = (await t.http.get('/api/party-tickets').set('Cookie', manager).expect(200)).body as Record<string, unknown>[];
    expect(rows.find((r) => r.id === details.id)).toMatchObject({ comp: true, paymentMethod: 'comp', totalAmount: 0 });

    // The same click again: the same order, nothing more taken.
    const again = await addGuests(body).expect(200);
    expect(again.body.id).toBe(details.id);
    expect(await remaining()).toBe(before - 2);
    expect(await t.dataSource.getRepository(PartyOrderEntity).countBy({ requestId: body.requestId as string })).toBe(1);

    // On the activity log, with the reason.
    const logged = (await activity('ticket.comp')).filter((e) => e.object?.includes(details.reference));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ who: 'Manager', detail: '2 adults added as guests: Family of the chef' });

    // The normal ticket e-mail, its printed code admitting the 2 guests.
    const mail = await mailTo(body.customerEmail as string);
    expect(mail.parsed.text).toContain('Admits 2 guests: 2 adults');
    expect(mail.parsed.text).toContain('Total paid: $0.00 (complimentary)');
    const printed = /Ticket code, if the QR code cannot be scanned:\n([A-Z2-7 ]+)\n/.exec(mail.parsed.text ?? '')?.[1] ?? '';
    const code = normaliseTicketCode(printed);
    const arrivedBefore = await arrived();
    const scan = await t.http.post('/api/admin/check-ins').set('Cookie', door).send({ code }).expect(200);
    expect(scan.body).toMatchObject({ result: 'admitted', customerName: 'Lakshmi Iyer', entering: 2, admitted: 2, total: 2 });
    expect(await arrived()).toBe(arrivedBefore + 2);
    const rescan = await t.http.post('/api/admin/check-ins').set('Cookie', door).send({ code }).expect(200);
    expect(rescan.body.result).toBe('already_checked_in');
  });

  it('Take back comp: its tickets back on sale and its code refused at the door; not once its guests have arrived', async () => {
    const codeOf = async (email: string): Promise<string> => {
      const mail = await mailTo(email);
      return normaliseTicketCode(/Ticket code, if the QR code cannot be scanned:\n([A-Z2-7 ]+)\n/.exec(mail.parsed.text ?? '')?.[1] ?? '');
    };
    const before = await remaining();
    const body = comp({ adults: 1, children: 1 });
    const added = (await addGuests(body).expect(200)).body as PartyOrderDetails;
    expect(await remaining()).toBe(before - 2);
    const code = await codeOf(body.customerEmail as string);

    const takeBack = (id: string) => t.http.post(`/api/admin/party-orders/${id}/cancel`).set('Cookie', manager);
    const taken = (await takeBack(added.id).expect(200)).body as PartyOrderDetails;
    expect(taken.status).toBe('cancelled');
    expect(taken.timeline.at(-1)).toMatchObject({
      kind: 'cancelled',
      who: 'Manager',
      detail: 'comp taken back, 1 adult, 1 child back on sale',
    });
    expect(await remaining()).toBe(before);
    await takeBack(added.id).expect(200);
    expect(await remaining()).toBe(before);
    const scan = await t.http.post('/api/admin/check-ins').set('Cookie', door).send({ code }).expect(200);
    expect(scan.body.result).toBe('refunded');

    // A comp whose guests are in stays.
    const arrivedBody = comp({ adults: 1 });
    const arrivedComp = (await addGuests(arrivedBody).expect(200)).body as PartyOrderDetails;
    await t.http
      .post('/api/admin/check-ins')
      .set('Cookie', door)
      .send({ code: await codeOf(arrivedBody.customerEmail as string) })
      .expect(200);
    const refused = await takeBack(arrivedComp.id).expect(409);
    expect(refused.body.message).toBe('These guests have already arrived, so the comp cannot be taken back');
    expect((await t.http.get(`/api/admin/party-orders/${arrivedComp.id}`).set('Cookie', manager).expect(200)).body.status).toBe('paid');
  });

  it('Sell at the door for cash: a paid order at the ticket prices, its guests already in and counted in Arrived; twice is once', async () => {
    const before = await remaining();
    const arrivedBefore = await arrived();
    const requestId = randomUUID();
    const sold = await sell({ adults: 1, children: 1, paymentMethod: 'cash', customerName: 'Walk-in Ravi', requestId }).expect(200);
    const expectedTotal = priceParty({
      adultTickets: 1,
      childTickets: 1,
      adultPriceCents: 4999,
      childPriceCents: 2999,
      promoPercent: 0,
    }).totalCents;
    const sale = sold.body as DoorSaleResponse;
    expect(sale).toMatchObject({
      customerName: 'Walk-in Ravi',
      adults: 1,
      children: 1,
      totalCents: expectedTotal,
      paymentMethod: 'cash',
      admitted: 2,
    });
    expect(await remaining()).toBe(before - 2);
    expect(await arrived()).toBe(arrivedBefore + 2);

    const stored = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: sale.orderId });
    expect(stored).toMatchObject({ status: 'paid', paymentMethod: 'cash', comp: false, paymentIntentId: null, totalCents: expectedTotal });
    const admissions = await t.dataSource.getRepository(TicketRedemptionEntity).findBy({ orderId: sale.orderId, kind: 'entry' });
    expect(admissions).toEqual([expect.objectContaining({ count: 2, who: 'Front door', role: 'door' })]);

    const again = await sell({ adults: 1, children: 1, paymentMethod: 'cash', customerName: 'Walk-in Ravi', requestId }).expect(200);
    expect(again.body.orderId).toBe(sale.orderId);
    expect(await remaining()).toBe(before - 2);
    expect(await arrived()).toBe(arrivedBefore + 2);

    const logged = (await activity('ticket.door-sale')).filter((e) => e.object?.includes(sale.reference));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ who: 'Front door', role: 'door' });
    expect(logged[0]!.detail).toContain('1 adult, 1 child sold at the door for $');
    expect(logged[0]!.detail).toContain('cash, 2 admitted');

    // Without a name it is a `Door sale`; the manager may sell too.
    const anonymous = await sell({ adults: 1, children: 0, paymentMethod: 'cash', requestId: randomUUID() }, manager).expect(200);
    expect(anonymous.body).toMatchObject({ customerName: 'Door sale', admitted: 1 });
  });

  it('Sell at the door by card: held while the card is paid through the gateway, then paid and admitted once confirmed', async () => {
    const before = await remaining();
    const arrivedBefore = await arrived();
    const requestId = randomUUID();
    const started = await sell({ adults: 2, children: 0, paymentMethod: 'card', customerName: 'Card Walk-in', requestId }).expect(200);
    const sale = started.body as DoorSaleResponse;
    expect(sale).toMatchObject({ status: 'pending', paymentMethod: 'card', admitted: 0 });
    expect(sale.clientSecret).toEqual(expect.any(String));
    expect(await remaining()).toBe(before - 2);
    expect(await arrived()).toBe(arrivedBefore);

    // Not paid yet: confirming is refused.
    const stored = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: sale.orderId });
    const early = await t.http
      .post(`/api/admin/door-sales/${sale.orderId}/confirm`)
      .set('Cookie', door)
      .send({ paymentIntentId: stored.paymentIntentId })
      .expect(409);
    expect(early.body.message).toBe('The card payment was not completed');

    // A declined card changes nothing; the good one goes through.
    await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: sale.clientSecret, cardNumber: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123' })
      .expect(402);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: sale.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })
      .expect(200);
    const confirm = () =>
      t.http.post(`/api/admin/door-sales/${sale.orderId}/confirm`).set('Cookie', door).send({ paymentIntentId: paid.body.id });
    const done = await confirm().expect(200);
    expect(done.body).toMatchObject({ status: 'paid', paymentMethod: 'card', admitted: 2, clientSecret: null });
    await confirm().expect(200);
    expect(await arrived()).toBe(arrivedBefore + 2);
    expect(await remaining()).toBe(before - 2);
    const logged = (await activity('ticket.door-sale')).filter((e) => e.object?.includes(sale.reference));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.detail).toContain('2 adults sold at the door for $');
    expect(logged[0]!.detail).toContain(' card, 2 admitted');
  });

  it("Sell at the door by card when the door's page closes after the card went through: the payment event completes the sale, once", async () => {
    const arrivedBefore = await arrived();
    const started = await sell({ adults: 1, children: 1, paymentMethod: 'card', requestId: randomUUID() }).expect(200);
    const sale = started.body as DoorSaleResponse;
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: sale.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })
      .expect(200);
    // Nobody confirms from the page: the gateway's payment_intent.succeeded arrives by itself.
    const deadline = Date.now() + 15_000;
    let order = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: sale.orderId });
    while (order.status !== 'paid' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      order = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: sale.orderId });
    }
    expect(order.status).toBe('paid');
    expect(await arrived()).toBe(arrivedBefore + 2);
    // The page coming back later answers the same sale and admits nobody twice.
    const late = await t.http
      .post(`/api/admin/door-sales/${sale.orderId}/confirm`)
      .set('Cookie', door)
      .send({ paymentIntentId: paid.body.id })
      .expect(200);
    expect(late.body).toMatchObject({ status: 'paid', admitted: 2 });
    expect(await arrived()).toBe(arrivedBefore + 2);
    const logged = (await activity('ticket.door-sale')).filter((e) => e.object?.includes(sale.reference));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.detail).toContain(' card, 2 admitted');
  });

  it("F11: confirm-payment checks that the payment's kind matches the order: a door sale's payment never completes through the guest path", async () => {
    const started = await sell({
      adults: 1,
      children: 0,
      paymentMethod: 'card',
      customerName: 'Wrong Path',
      requestId: randomUUID(),
    }).expect(200);
    const sale = started.body as DoorSaleResponse;
    const paymentIntentId = sale.clientSecret!.split('_secret_')[0];
    // The card went through at the gateway, and its event has not come yet.
    await t.dataSource.getRepository(SimulatedPaymentEntity).update({ id: paymentIntentId }, { status: 'succeeded' });

    const guestPath = await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId, type: 'party_ticket', clientSecret: sale.clientSecret })
      .expect(404);
    expect(guestPath.body.message).toBe('No ticket order for this payment');
    const order = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: sale.orderId });
    expect(order).toMatchObject({ status: 'pending', emailStatus: 'none' });

    // The door's own confirm pays it and admits its guest.
    const done = await t.http
      .post(`/api/admin/door-sales/${sale.orderId}/confirm`)
      .set('Cookie', door)
      .send({ paymentIntentId })
      .expect(200);
    expect(done.body).toMatchObject({ status: 'paid', admitted: 1 });
    await t.http.post('/api/confirm-payment').send({ paymentIntentId, type: 'party_ticket', clientSecret: sale.clientSecret }).expect(404);
  });

  it('the same Add guests sent twice at once adds the guests once', async () => {
    const before = await remaining();
    const body = comp({ adults: 1 });
    const [first, second] = await Promise.all([addGuests(body), addGuests(body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.id).toBe(first.body.id);
    expect(await remaining()).toBe(before - 1);
    expect(await t.dataSource.getRepository(PartyOrderEntity).countBy({ requestId: body.requestId as string })).toBe(1);
    // A door sale cannot reuse a comp's requestId.
    const reused = await sell({ adults: 1, children: 0, paymentMethod: 'cash', requestId: body.requestId }).expect(409);
    expect(reused.body.message).toBe('This requestId was already used for another order');
  });

  it('bad input is a 400 with a clear message and changes nothing', async () => {
    const orders = await orderCount();
    const before = await remaining();
    const cases: [() => ReturnType<typeof sell>, string][] = [
      [() => addGuests(comp({ adults: 0, children: 0 })), 'Add at least one adult or child'],
      [() => addGuests(comp({ reason: '  ' })), 'A reason is required'],
      [() => addGuests(comp({ customerEmail: 'not-an-address' })), 'Invalid email address'],
      [() => addGuests(comp({ adults: -1 })), 'adults cannot be negative'],
      [() => addGuests(comp({ requestId: 'x' })), 'requestId must be 8 to 64 characters'],
      [() => sell({ adults: 0, children: 0, paymentMethod: 'cash', requestId: randomUUID() }), 'Add at least one adult or child'],
      [() => sell({ adults: 1, children: 0, paymentMethod: 'cheque', requestId: randomUUID() }), 'paymentMethod must be cash or card'],
      [() => sell({ adults: 1.5, children: 0, paymentMethod: 'cash', requestId: randomUUID() }), 'adults must be a whole number'],
    ];
    for (const [send, message] of cases) {
      const answer = await send().expect(400);
      expect(answer.body.message).toContain(message);
    }
    expect(await orderCount()).toBe(orders);
    expect(await remaining()).toBe(before);
  });

  it('door devices may sell at the door but not add guests; the bar may do neither', async () => {
    const orders = await orderCount();
    await addGuests(comp(), door).expect(403);
    await addGuests(comp(), bar).expect(403);
    await sell({ adults: 1, children: 0, paymentMethod: 'cash', requestId: randomUUID() }, bar).expect(403);
    await t.http.post('/api/admin/door-sales').send({ adults: 1, children: 0, paymentMethod: 'cash', requestId: randomUUID() }).expect(401);
    expect(await orderCount()).toBe(orders);
  });

  it('past capacity a comp is a 409 saying how many are left; concurrent comps, door sales and holds never oversell', async () => {
    const left = await remaining();
    expect(left).toBeGreaterThan(4);
    const refused = await addGuests(comp({ adults: left + 1 })).expect(409);
    expect(refused.body.message).toBe(`Only ${left} tickets are left, fewer than the ${left + 1} asked for`);
    expect(await remaining()).toBe(left);

    // Twice as many tickets as are left, asked for at once, 2 at a time.
    const attempts = Math.ceil(left / 2) * 2;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) => {
        if (i % 3 === 0) return addGuests(comp());
        if (i % 3 === 1) return sell({ adults: 2, children: 0, paymentMethod: 'cash', requestId: randomUUID() });
        return t.http
          .post('/api/party-payment-intent')
          .set('X-Forwarded-For', nextAddress())
          .send(createPartyOrderRequest({ customerEmail: `hold-${i}@example.com`, adultTickets: 2, childTickets: 0 }));
      }),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 200)).toHaveLength(Math.floor(left / 2));
    expect(await remaining()).toBe(left % 2);

    // Sold out: a comp and a door sale are refused, saying so.
    if (left % 2 === 0) {
      const soldOut = await sell({ adults: 1, children: 0, paymentMethod: 'cash', requestId: randomUUID() }).expect(409);
      expect(soldOut.body.message).toBe('The party is sold out: no tickets are left to give or sell');
    }
  });
});
