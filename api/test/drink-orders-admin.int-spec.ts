import {
  priceDrinks,
  type AdminDrinkOrderRow,
  type DrinkOrderDetails,
  type DrinkTabDetails,
  type ReconciliationReport,
  type RevenueReport,
} from '@festival/contracts';
import { backfillActivitySubjects } from '../src/database/migrations/1764000600000-activity-subject-backfill.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { SimulatedPaymentEntity } from '../src/modules/payments/simulated-payment.entity.js';
import type { SimulatedGateway } from '../src/modules/payments/simulated.gateway.js';
import { StaffActivityEntity } from '../src/modules/staff/staff-activity.entity.js';
import { createDrinkPaymentRequest, createLines, createTabOrderRequest, MENU, openTab, payDrinks } from './support/drinks.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'drinks-money-password-2026';

/** Asks until `read` answers something `done` accepts (a webhook is handled a moment after the refund). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    const value = await read();
    if (done(value)) return value;
    if (tries === 100) throw new Error(`not reached within 5 s: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`drinks orders and tabs for the manager on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' });
    manager = await managerCookie(t, PASSWORD);
  });
  afterAll(() => t.close());

  const orderDetails = async (id: string) =>
    (await t.http.get(`/api/admin/drink-orders/${id}`).set('Cookie', manager).expect(200)).body as DrinkOrderDetails;
  const tabDetails = async (id: string) =>
    (await t.http.get(`/api/admin/drink-tabs/${id}`).set('Cookie', manager).expect(200)).body as DrinkTabDetails;
  const list = async (query = '') =>
    (await t.http.get(`/api/admin/drink-orders${query}`).set('Cookie', manager).expect(200)).body as AdminDrinkOrderRow[];

  it("shows a paid order's lines, price, payment and timeline up to served; the bar's steps by who made them", async () => {
    const request = createDrinkPaymentRequest({ customerName: 'Meera Iyer', tableNumber: '7' });
    const { orderId, paymentIntentId } = await payDrinks(t, request);
    await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId }).expect(200);
    const bar = await deviceCookie(t, manager, 'Bar 1', 'bar');
    await t.http.patch(`/api/admin/bar/orders/${orderId}`).set('Cookie', bar).send({ status: 'ready' }).expect(200);
    await t.http.patch(`/api/admin/bar/orders/${orderId}`).set('Cookie', bar).send({ status: 'served' }).expect(200);

    const price = priceDrinks(request.items);
    const details = await orderDetails(orderId);
    expect(details).toMatchObject({
      id: orderId,
      status: 'paid',
      barStatus: 'served',
      customerName: 'Meera Iyer',
      tableNumber: '7',
      lines: [
        { name: 'Mango Lassi', priceCents: 650, quantity: 2, amountCents: 1300 },
        { name: 'Masala Chai', priceCents: 400, quantity: 1, amountCents: 400 },
      ],
      subtotalCents: price.subtotalCents,
      taxCents: price.taxCents,
      totalCents: price.totalCents,
      refundedCents: 0,
      payment: 'card',
      paymentReference: paymentIntentId,
      tab: null,
      dispute: null,
    });
    expect(details.timeline.map((e) => [e.kind, e.who])).toEqual([
      ['created', 'Guest'],
      ['paid', 'Guest'],
      ['ready', 'Bar 1'],
      ['served', 'Bar 1'],
    ]);
    expect(details.timeline[0].detail).toBe('2 × Mango Lassi, 1 × Masala Chai');

    // The dashboard's table lists it; the bar may not read the manager's money views.
    expect((await list()).find((row) => row.id === orderId)).toMatchObject({
      number: details.number,
      status: 'paid',
      items: [
        { name: 'Mango Lassi', quantity: 2 },
        { name: 'Masala Chai', quantity: 1 },
      ],
      totalCents: price.totalCents,
      tabReference: null,
      dispute: null,
    });
    await t.http.get(`/api/admin/drink-orders/${orderId}`).set('Cookie', bar).expect(403);
    await t.http.get('/api/admin/drink-orders').expect(401);
    const missing = await t.http.get('/api/admin/drink-orders/not-an-order').set('Cookie', manager).expect(404);
    expect(missing.body).toEqual({ message: 'Order not found' });
    // The dates filter: a day long before the party holds none of them.
    expect(await list('?from=2020-01-01&to=2020-01-02')).toEqual([]);
  });

  it("an order's and a tab's entries written before they kept the row's id show in their details once the backfill gives them one", async () => {
    const { orderId, paymentIntentId } = await payDrinks(t, createDrinkPaymentRequest({ customerName: 'Old Entries' }));
    await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId }).expect(200);
    const bar = await deviceCookie(t, manager, 'Bar 2', 'bar');
    await t.http.patch(`/api/admin/bar/orders/${orderId}`).set('Cookie', bar).send({ status: 'ready' }).expect(200);
    const { tabId, tabToken } = await openTab(t, undefined, { customerName: 'Old Tab' });
    await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
    await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', manager).expect(200);

    // Recorded the old way: by their labels alone.
    const log = t.dataSource.getRepository(StaffActivityEntity);
    await log.update({ subjectId: orderId }, { subjectId: null });
    await log.update({ subjectId: tabId }, { subjectId: null });
    expect((await orderDetails(orderId)).timeline.map((e) => e.kind)).toEqual(['created', 'paid']);
    expect((await tabDetails(tabId)).timeline.at(-1)).toMatchObject({ kind: 'tab.charged', who: 'Staff' });

    const runner = t.dataSource.createQueryRunner();
    try {
      expect(await backfillActivitySubjects(runner)).toBeGreaterThanOrEqual(2);
    } finally {
      await runner.release();
    }
    expect((await orderDetails(orderId)).timeline.map((e) => [e.kind, e.who])).toEqual([
      ['created', 'Guest'],
      ['paid', 'Guest'],
      ['ready', 'Bar 2'],
    ]);
    expect((await tabDetails(tabId)).timeline.at(-1)).toMatchObject({ kind: 'tab.charged', who: 'Manager', role: 'manager' });
  });

  it("shows a tab's orders, its charge when closed, and each order on it names the tab", async () => {
    const { tabId, tabToken } = await openTab(t, undefined, { customerName: 'Kavya Reddy', tableNumber: '9' });
    const first = await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
    const lines = createLines([{ ...MENU.kingfisher, quantity: 1 }]);
    await t.http
      .post(`/api/drink-tab/${tabId}/orders`)
      .send(createTabOrderRequest(tabToken, { items: lines }))
      .expect(201);

    const open = await tabDetails(tabId);
    const all = priceDrinks([...createLines(), ...lines]);
    expect(open).toMatchObject({ id: tabId, status: 'open', customerName: 'Kavya Reddy', chargedCents: null, totalCents: all.totalCents });
    expect(open.orders.map((o) => o.items)).toEqual([
      [
        { name: 'Mango Lassi', quantity: 2 },
        { name: 'Masala Chai', quantity: 1 },
      ],
      [{ name: 'Kingfisher Premium', quantity: 1 }],
    ]);

    await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', manager).expect(200);
    const closed = await tabDetails(tabId);
    expect(closed).toMatchObject({ status: 'closed', chargedCents: all.totalCents, refundedCents: 0, closedBy: 'staff' });
    expect(closed.paymentReference).toMatch(/^pi_sim_/);
    expect(closed.timeline.map((e) => e.kind)).toEqual(['created', 'tab.opened', 'tab.order', 'tab.order', 'tab.charged']);
    expect(closed.timeline.at(-1)).toMatchObject({ who: 'Manager', detail: `card charged $${(all.totalCents / 100).toFixed(2)}` });

    const onTab = await orderDetails(first.body.orderId as string);
    expect(onTab).toMatchObject({
      status: 'tab',
      payment: 'tab',
      paymentReference: null,
      tab: { id: tabId, reference: tabId.slice(0, 8).toUpperCase(), status: 'closed' },
    });
    expect((await list()).find((row) => row.id === first.body.orderId)).toMatchObject({
      status: 'tab',
      tabReference: tabId.slice(0, 8).toUpperCase(),
    });
  });

  it("records refunds made in the gateway's dashboard on a drinks order and a tab's charge, then a chargeback on the tab; reports and reconciliation agree", async () => {
    const gateway = t.app.get(PaymentGateway);
    const { orderId, paymentIntentId } = await payDrinks(t, createDrinkPaymentRequest({ customerName: 'Rohan Das' }));
    await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId }).expect(200);
    const total = (await orderDetails(orderId)).totalCents;

    // Part of it first: money alone, the order stays paid.
    await gateway.refundPayment(paymentIntentId, 'dashboard-part', 500);
    const part = await eventually(
      () => orderDetails(orderId),
      (d) => d.refundedCents === 500,
    );
    expect(part.status).toBe('paid');
    expect(part.timeline.at(-1)).toMatchObject({ kind: 'refunded', who: 'Stripe', detail: '$5.00 refunded' });
    // Then the rest: the order is refunded and leaves the bar's queue.
    await gateway.refundPayment(paymentIntentId, 'dashboard-rest');
    const whole = await eventually(
      () => orderDetails(orderId),
      (d) => d.status === 'refunded',
    );
    expect(whole.refundedCents).toBe(total);
    expect((await list()).find((row) => row.id === orderId)).toMatchObject({ status: 'refunded', refundedCents: total });
    const queue = (await t.http.get('/api/admin/bar/orders').set('Cookie', manager).expect(200)).body as { id: string }[];
    expect(queue.some((o) => o.id === orderId)).toBe(false);

    // A tab's charge refunded in part.
    const { tabId, tabToken } = await openTab(t, undefined, { customerName: 'Isha Kapoor' });
    await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
    await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', manager).expect(200);
    const charge = (await tabDetails(tabId)).paymentReference!;
    await gateway.refundPayment(charge, 'dashboard-tab', 300);
    const refundedTab = await eventually(
      () => tabDetails(tabId),
      (d) => d.refundedCents === 300,
    );
    expect(refundedTab.status).toBe('closed');
    expect(refundedTab.timeline.at(-1)).toMatchObject({ kind: 'refunded', who: 'Stripe', detail: '$3.00 refunded' });

    const reconciliation = (await t.http.get('/api/admin/reports/reconciliation').set('Cookie', manager).expect(200))
      .body as ReconciliationReport;
    expect(reconciliation).toMatchObject({ allMatch: true, mismatches: [], disputed: 0 });
    const report = (await t.http.get('/api/admin/reports').set('Cookie', manager).expect(200)).body as RevenueReport;
    expect(report.totals).toMatchObject({ refundsCents: total + 300, disputedCents: 0, disputesLostCents: 0 });

    // The card's bank disputes what is left of the tab's charge (the simulated gateway's chargeback), then decides for the buyer.
    const simulated = gateway as SimulatedGateway;
    const left = (await tabDetails(tabId)).chargedCents! - 300;
    await simulated.simulateDispute(charge);
    const disputed = await tabDetails(tabId);
    expect(disputed.dispute).toMatchObject({ status: 'open', amountCents: left, reason: 'fraudulent' });
    expect(disputed.timeline.at(-1)).toMatchObject({ kind: 'disputed', who: 'Stripe' });
    const held = (await t.http.get('/api/admin/reports').set('Cookie', manager).expect(200)).body as RevenueReport;
    expect(held.totals).toMatchObject({ disputedCents: left, netCents: report.totals.netCents });
    await simulated.simulateDispute(charge, 'lost');
    expect((await tabDetails(tabId)).timeline.at(-1)).toMatchObject({ kind: 'dispute.lost' });
    const lost = (await t.http.get('/api/admin/reports').set('Cookie', manager).expect(200)).body as RevenueReport;
    expect(lost.totals).toMatchObject({ disputedCents: 0, disputesLostCents: left, netCents: report.totals.netCents - left });
    expect((await t.http.get('/api/admin/reports/reconciliation').set('Cookie', manager).expect(200)).body).toMatchObject({
      allMatch: true,
      disputed: 1,
    });
  });

  it('Refund gives a pay-now order back to its card once, however often it is clicked; a tab order or a refused refund changes nothing', async () => {
    const simulated = t.dataSource.getRepository(SimulatedPaymentEntity);
    const refund = (id: string) => t.http.post(`/api/admin/drink-orders/${id}/refund`).set('Cookie', manager);
    const { orderId, paymentIntentId } = await payDrinks(t, createDrinkPaymentRequest({ customerName: 'Arjun Menon' }));
    await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId }).expect(200);
    const { totalCents, number } = await orderDetails(orderId);

    // Two clicks at once, then a third: one refund of the whole order at the gateway.
    const [first, second] = await Promise.all([refund(orderId), refund(orderId)]);
    const third = await refund(orderId).expect(200);
    for (const res of [first, second, third]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: orderId, status: 'refunded', refundedCents: totalCents });
    }
    expect(await simulated.findOneByOrFail({ id: paymentIntentId })).toMatchObject({ refundedCents: totalCents });
    expect(await simulated.countBy({ kind: 'refund', customerId: paymentIntentId })).toBe(1);
    expect((third.body as DrinkOrderDetails).timeline.at(-1)).toMatchObject({
      kind: 'refunded',
      who: 'Manager',
      role: 'manager',
      detail: `$${(totalCents / 100).toFixed(2)} refunded`,
    });
    const log = await t.dataSource.getRepository(StaffActivityEntity).findBy({ action: 'drink.refund' });
    expect(log.map((e) => [e.who, e.object])).toEqual([['Manager', `Order #${number} (Arjun Menon)`]]);
    // The webhook of that refund comes and goes without a second record.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await orderDetails(orderId)).toMatchObject({ status: 'refunded', refundedCents: totalCents });
    const queue = (await t.http.get('/api/admin/bar/orders').set('Cookie', manager).expect(200)).body as { id: string }[];
    expect(queue.some((o) => o.id === orderId)).toBe(false);

    // The payment service refuses (nothing is left of the payment there): the order stays paid and the manager is told why.
    const refused = await payDrinks(t, createDrinkPaymentRequest({ customerName: 'Divya Rao' }));
    await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: refused.paymentIntentId }).expect(200);
    const paid = await orderDetails(refused.orderId);
    await simulated.update({ id: refused.paymentIntentId }, { refundedCents: paid.totalCents });
    const answer = await refund(refused.orderId).expect(502);
    expect(answer.body.message).toMatch(/^The payment service refused the refund: .+\. Nothing was refunded\.$/);
    expect(await orderDetails(refused.orderId)).toMatchObject({ status: 'paid', refundedCents: 0 });

    // An order on a tab is paid with the tab's charge; an unknown order is not found.
    const { tabId, tabToken } = await openTab(t, undefined, { customerName: 'Kiran Shah' });
    const onTab = await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
    const tabAnswer = await refund(onTab.body.orderId as string).expect(409);
    expect(tabAnswer.body).toEqual({ message: "This order is on a tab: it is paid with the tab's charge, so it is refunded with the tab" });
    expect(await orderDetails(onTab.body.orderId as string)).toMatchObject({ status: 'tab', refundedCents: 0 });
    expect((await refund('00000000-0000-4000-8000-000000000000').expect(404)).body).toEqual({ message: 'Order not found' });
    expect((await refund('not-an-order').expect(404)).body).toEqual({ message: 'Order not found' });
  });
});
