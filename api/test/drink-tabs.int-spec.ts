import { DEFAULT_SITE_CONFIG, priceDrinks, type DrinkTabView, type StaffDrinkTab } from '@festival/contracts';
import { DrinkEntity } from '../src/modules/drinks/drink.entity.js';
import { DrinkOrderEntity } from '../src/modules/drinks/drink-order.entity.js';
import { DrinkTabEntity } from '../src/modules/drinks/drink-tab.entity.js';
import { DrinksSweeper } from '../src/modules/drinks/drinks-sweeper.service.js';
import { SimulatedPaymentEntity } from '../src/modules/payments/simulated-payment.entity.js';
import { SiteService } from '../src/modules/settings/site.service.js';
import { createTabOrderRequest, DECLINE_LATER_CARD, MENU, openTab, staffCookie, TEST_CARD } from './support/drinks.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'bar-staff-password';

async function app(): Promise<TestApp> {
  return createTestApp({ ADMIN_PASSWORD: PASSWORD });
}

/** Every off-session charge the gateway made for tabs. */
async function tabCharges(t: TestApp): Promise<SimulatedPaymentEntity[]> {
  const rows = await t.dataSource.getRepository(SimulatedPaymentEntity).findBy({ kind: 'payment', status: 'succeeded' });
  return rows.filter((r) => JSON.parse(r.metadata).type === 'drink_tab');
}

function tabOf(t: TestApp, tabId: string, token: string) {
  return t.http.get(`/api/drink-tab/${tabId}`).set('X-Tab-Token', token);
}

describe(`drink tabs on ${TEST_DATABASE}`, () => {
  describe('opening a tab and ordering onto it', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await app();
    });
    afterAll(() => t.close());

    it('creates a gateway customer and a card setup, and opens only once the card is saved', async () => {
      const created = await t.http
        .post('/api/drink-tab')
        .send({ customerName: 'Arjun Mehta', customerEmail: 'arjun@example.com', tableNumber: '4' })
        .expect(200);
      expect(created.body).toEqual({
        clientSecret: expect.stringMatching(/^seti_sim_/),
        tabId: expect.any(String),
        tabToken: expect.any(String),
      });
      const { tabId, tabToken, clientSecret } = created.body;
      const setupIntentId = String(clientSecret).split('_secret_')[0];

      const early = await t.http.post('/api/drink-tab/confirm-setup').send({ tabId, setupIntentId }).expect(409);
      expect(early.body).toEqual({ message: 'Card setup was not completed' });
      const onPending = await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(409);
      expect(onPending.body.message).toMatch(/not open yet/);

      await t.http
        .post('/api/payments/simulated/confirm-setup')
        .send({ clientSecret, ...TEST_CARD })
        .expect(200);
      const first = await t.http.post('/api/drink-tab/confirm-setup').send({ tabId, setupIntentId, tabToken }).expect(200);
      expect(first.body).toMatchObject({
        tabId,
        reference: String(tabId).slice(0, 8).toUpperCase(),
        status: 'open',
        customerName: 'Arjun Mehta',
        tableNumber: '4',
        orders: [],
        totalCents: 0,
      });
      const again = await t.http.post('/api/drink-tab/confirm-setup').send({ tabId, setupIntentId, tabToken }).expect(200);
      expect(again.body).toEqual(first.body);
      // Without the tab's token: the tab's state, not the guest's name or orders.
      const { customerName: _name, ...anonymous } = first.body as Record<string, unknown>;
      const stranger = await t.http.post('/api/drink-tab/confirm-setup').send({ tabId, setupIntentId }).expect(200);
      expect(stranger.body).toEqual(anonymous);

      const wrongSetup = await t.http.post('/api/drink-tab/confirm-setup').send({ tabId, setupIntentId: 'seti_sim_other' }).expect(409);
      expect(wrongSetup.body).toEqual({ message: 'This card setup does not belong to this tab' });
      const badId = await t.http.post('/api/drink-tab/confirm-setup').send({ tabId: 'nope', setupIntentId }).expect(400);
      expect(badId.body.message).toMatch(/^tabId: /);
    });

    it('opens from the gateway event alone, when the browser never comes back', async () => {
      const created = await t.http.post('/api/drink-tab').send({ customerName: 'Left Early' }).expect(200);
      await t.http
        .post('/api/payments/simulated/confirm-setup')
        .send({ clientSecret: created.body.clientSecret, ...TEST_CARD })
        .expect(200);
      const repo = t.dataSource.getRepository(DrinkTabEntity);
      for (let i = 0; i < 100 && (await repo.findOneByOrFail({ id: created.body.tabId })).status !== 'open'; i += 1)
        await new Promise((r) => setTimeout(r, 20));
      expect((await repo.findOneByOrFail({ id: created.body.tabId })).status).toBe('open');
    });

    it('takes orders without a card from the phone holding the token, and shows the running total', async () => {
      const { tabId, tabToken } = await openTab(t);
      const first = await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
      expect(first.body).toMatchObject({
        payment: 'tab',
        tabId,
        barStatus: 'new',
        customerName: 'Arjun Mehta',
        tableNumber: '4',
        totalCents: 1859,
      });
      const secondItems = [{ ...MENU.kingfisher, quantity: 3 }];
      const second = await t.http
        .post(`/api/drink-tab/${tabId}/orders`)
        .send(createTabOrderRequest(tabToken, { items: secondItems, tableNumber: '9' }))
        .expect(201);
      expect(second.body).toMatchObject({ tableNumber: '9', subtotalCents: 2400 });
      expect(second.body.number).toBe(first.body.number + 1);

      const view = (await tabOf(t, tabId, tabToken).expect(200)).body as DrinkTabView;
      // $17.00 + $24.00 = $41.00; tax once on it: 384.58 -> $3.85
      expect(view).toMatchObject({ status: 'open', subtotalCents: 4100, taxCents: 385, totalCents: 4485 });
      expect(view.orders.map((o) => o.orderId)).toEqual([first.body.orderId, second.body.orderId]);

      // Another phone, without the token (or with a wrong one), can neither read nor order.
      await t.http.get(`/api/drink-tab/${tabId}`).expect(404, { message: 'Tab not found' });
      await tabOf(t, tabId, 'guessed-token').expect(404, { message: 'Tab not found' });
      await tabOf(t, tabId, 'guessed-token')
        .set('Accept-Language', 'ta')
        .expect(404, { message: 'டேப் கிடைக்கவில்லை', code: 'drinks.tab-not-found' });
      await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest('guessed-token')).expect(404);
    });

    it('re-prices tab orders: a tampered price or total is refused and nothing is put on the tab', async () => {
      const { tabId, tabToken } = await openTab(t);
      const tampered = await t.http
        .post(`/api/drink-tab/${tabId}/orders`)
        .send(createTabOrderRequest(tabToken, { total: 1 }))
        .expect(409);
      expect(tampered.body.message).toBe('The total has changed: it is now $18.59. Please review your order.');
      const cheap = await t.http
        .post(`/api/drink-tab/${tabId}/orders`)
        .send(createTabOrderRequest(tabToken, { items: [{ ...MENU.kingfisher, price: 100, quantity: 1 }] }))
        .expect(409);
      expect(cheap.body.message).toBe('The price of Kingfisher Premium is now $8.00. Please review your cart.');
      expect(await t.dataSource.getRepository(DrinkOrderEntity).countBy({ tabId })).toBe(0);
    });
  });

  describe('concurrent tab orders', () => {
    it('never take stock below 0', async () => {
      const t = await app();
      try {
        await t.dataSource.getRepository(DrinkEntity).update({ id: 'kingfisher' }, { available: 3 });
        const { tabId, tabToken } = await openTab(t);
        const request = createTabOrderRequest(tabToken, { items: [{ ...MENU.kingfisher, quantity: 1 }] });
        const results = await Promise.all(Array.from({ length: 10 }, () => t.http.post(`/api/drink-tab/${tabId}/orders`).send(request)));
        expect(results.filter((r) => r.status === 201)).toHaveLength(3);
        const refused = results.filter((r) => r.status === 409);
        expect(refused).toHaveLength(7);
        for (const r of refused) expect(r.body.message).toBe('Kingfisher Premium is out of stock. Please remove it from your cart.');
        expect((await t.dataSource.getRepository(DrinkEntity).findOneByOrFail({ id: 'kingfisher' })).available).toBe(0);
        expect(await t.dataSource.getRepository(DrinkOrderEntity).countBy({ tabId })).toBe(3);
      } finally {
        await t.close();
      }
    });
  });

  describe('closing a tab', () => {
    it('charges the saved card once for the total with tax, however often and however concurrently it is closed', async () => {
      const t = await app();
      try {
        const { tabId, tabToken } = await openTab(t);
        await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
        await t.http
          .post(`/api/drink-tab/${tabId}/orders`)
          .send(createTabOrderRequest(tabToken, { items: [{ ...MENU.kingfisher, quantity: 2 }] }))
          .expect(201);
        const expected = priceDrinks([
          { price: 650, quantity: 2 },
          { price: 400, quantity: 1 },
          { price: 800, quantity: 2 },
        ]);

        await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).expect(401);
        const cookie = await staffCookie(t, PASSWORD);
        const listed = await t.http.get('/api/admin/drink-tabs').set('Cookie', cookie).expect(200);
        expect(listed.body).toEqual([
          expect.objectContaining({
            id: tabId,
            status: 'open',
            customerName: 'Arjun Mehta',
            orderCount: 2,
            totalCents: expected.totalCents,
            lastChargeError: null,
          }),
        ]);

        const results = await Promise.all(
          Array.from({ length: 5 }, () => t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie)),
        );
        const ok = results.filter((r) => r.status === 200);
        expect(ok.length).toBeGreaterThanOrEqual(1);
        for (const r of results.filter((x) => x.status !== 200)) expect(r.body).toEqual({ message: 'This tab is being closed right now' });
        for (const r of ok)
          expect(r.body).toMatchObject({ id: tabId, status: 'closed', chargedCents: expected.totalCents, closedBy: 'staff' });
        const again = await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie).expect(200);
        expect(again.body).toMatchObject({ status: 'closed', chargedCents: expected.totalCents });

        const charges = await tabCharges(t);
        expect(charges).toHaveLength(1);
        expect(charges[0].amountCents).toBe(expected.totalCents);

        // The guest sees the tab closed, and it takes no more orders.
        const view = (await tabOf(t, tabId, tabToken).expect(200)).body as DrinkTabView;
        expect(view).toMatchObject({ status: 'closed', chargedCents: expected.totalCents, totalCents: expected.totalCents });
        const late = await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(409);
        expect(late.body).toEqual({ message: 'This tab is closed. Please pay now or open a new tab.' });
        const hindi = await t.http
          .post(`/api/drink-tab/${tabId}/orders`)
          .set('Accept-Language', 'hi')
          .send(createTabOrderRequest(tabToken))
          .expect(409);
        expect(hindi.body).toEqual({ message: 'यह टैब बंद हो चुका है। कृपया अभी भुगतान करें या नया टैब खोलें।', code: 'drinks.tab-closed' });
      } finally {
        await t.close();
      }
    });

    it('shows staff a declined card and keeps the tab open; settling it at the bar closes it without a charge', async () => {
      const t = await app();
      try {
        const { tabId, tabToken } = await openTab(t, DECLINE_LATER_CARD, { customerName: 'Declined Dev', tableNumber: '8' });
        await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
        const cookie = await staffCookie(t, PASSWORD);

        const declined = await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie).expect(402);
        expect(declined.body).toEqual({ message: 'The card was declined: Your card was declined. The tab is still open.' });
        const [listed] = (await t.http.get('/api/admin/drink-tabs').set('Cookie', cookie).expect(200)).body as StaffDrinkTab[];
        expect(listed).toMatchObject({ id: tabId, status: 'open', lastChargeError: 'Your card was declined.', totalCents: 1859 });

        // Still open: the guest can keep ordering, and staff can try again.
        await t.http
          .post(`/api/drink-tab/${tabId}/orders`)
          .send(createTabOrderRequest(tabToken, { items: [{ ...MENU.masalaChai, quantity: 1 }] }))
          .expect(201);
        await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie).expect(402);
        expect(await tabCharges(t)).toHaveLength(0);

        const settled = await t.http.post(`/api/admin/drink-tabs/${tabId}/settle`).set('Cookie', cookie).expect(200);
        expect(settled.body).toMatchObject({ status: 'settled', closedBy: 'bar', chargedCents: 0 });
        await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie).expect(200);
        expect(await tabCharges(t)).toHaveLength(0);
      } finally {
        await t.close();
      }
    });

    it('lists each tab with its own totals, tax taken once on everything on the tab', async () => {
      const t = await app();
      try {
        const chai = { ...MENU.masalaChai, quantity: 1 };
        const two = await openTab(t, TEST_CARD, { customerName: 'Two Orders' });
        await t.http
          .post(`/api/drink-tab/${two.tabId}/orders`)
          .send(createTabOrderRequest(two.tabToken, { items: [chai] }))
          .expect(201);
        await t.http
          .post(`/api/drink-tab/${two.tabId}/orders`)
          .send(createTabOrderRequest(two.tabToken, { items: [chai] }))
          .expect(201);
        const one = await openTab(t, TEST_CARD, { customerName: 'One Order' });
        await t.http.post(`/api/drink-tab/${one.tabId}/orders`).send(createTabOrderRequest(one.tabToken)).expect(201);
        const none = await openTab(t, TEST_CARD, { customerName: 'Nothing Yet' });

        const cookie = await staffCookie(t, PASSWORD);
        const listed = (await t.http.get('/api/admin/drink-tabs').set('Cookie', cookie).expect(200)).body as StaffDrinkTab[];
        // Two chais of $4.00: $0.75 tax on the $8.00 tab (each order alone would be taxed $0.38).
        expect(listed).toHaveLength(3);
        expect(listed).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ id: two.tabId, orderCount: 2, subtotalCents: 800, taxCents: 75, totalCents: 875 }),
            expect.objectContaining({ id: one.tabId, orderCount: 1, subtotalCents: 1700, taxCents: 159, totalCents: 1859 }),
            expect.objectContaining({ id: none.tabId, orderCount: 0, subtotalCents: 0, taxCents: 0, totalCents: 0 }),
          ]),
        );
      } finally {
        await t.close();
      }
    });

    it('closes an empty tab without charging', async () => {
      const t = await app();
      try {
        const { tabId } = await openTab(t);
        const cookie = await staffCookie(t, PASSWORD);
        const closed = await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie).expect(200);
        expect(closed.body).toMatchObject({ status: 'closed', chargedCents: 0, totalCents: 0 });
        expect(await tabCharges(t)).toHaveLength(0);
      } finally {
        await t.close();
      }
    });

    it('finishes a closing whose charge succeeded while the process stopped, charging nothing twice', async () => {
      const t = await app();
      try {
        const { tabId, tabToken } = await openTab(t);
        await t.http.post(`/api/drink-tab/${tabId}/orders`).send(createTabOrderRequest(tabToken)).expect(201);
        const cookie = await staffCookie(t, PASSWORD);
        await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', cookie).expect(200);
        // As if the process died right after the charge: back to "closing", long ago.
        const repo = t.dataSource.getRepository(DrinkTabEntity);
        await repo.update({ id: tabId }, { status: 'closing', closingSince: new Date(Date.now() - 10 * 60_000), closedAt: null });
        await t.app.get(DrinksSweeper).sweep();
        expect(await repo.findOneByOrFail({ id: tabId })).toMatchObject({ status: 'closed', chargedCents: 1859 });
        expect(await tabCharges(t)).toHaveLength(1);
      } finally {
        await t.close();
      }
    });
  });

  describe('the end-of-party close', () => {
    it('closes and charges open tabs once the party is over, and only those that are due', async () => {
      const t = await app();
      try {
        const site = t.app.get(SiteService);
        const startsAt = '2030-10-24T19:00:00-07:00';
        const endsAt = '2030-10-24T23:00:00-07:00';
        await site.update({ ...DEFAULT_SITE_CONFIG, party: { ...DEFAULT_SITE_CONFIG.party, startsAt, endsAt } });

        const duringParty = await openTab(t, TEST_CARD, { customerName: 'On Time' });
        await t.http.post(`/api/drink-tab/${duringParty.tabId}/orders`).send(createTabOrderRequest(duringParty.tabToken)).expect(201);
        const declining = await openTab(t, DECLINE_LATER_CARD, { customerName: 'Declined Card' });
        await t.http.post(`/api/drink-tab/${declining.tabId}/orders`).send(createTabOrderRequest(declining.tabToken)).expect(201);
        const lateOpener = await openTab(t, TEST_CARD, { customerName: 'Late Opener' });
        const repo = t.dataSource.getRepository(DrinkTabEntity);
        await repo.update({ id: duringParty.tabId }, { openedAt: new Date('2030-10-25T04:00:00Z') });
        await repo.update({ id: declining.tabId }, { openedAt: new Date('2030-10-25T04:30:00Z') });
        // Opened 20 minutes after the end: it stays open for as long as the party lasts.
        await repo.update({ id: lateOpener.tabId }, { openedAt: new Date('2030-10-25T06:20:00Z') });

        const sweeper = t.app.get(DrinksSweeper);
        expect(await sweeper.sweep(new Date('2030-10-25T05:59:00Z'))).toEqual([]);
        const tried = await sweeper.sweep(new Date('2030-10-25T06:01:00Z'));
        expect(tried.sort()).toEqual([duringParty.tabId, declining.tabId].sort());

        expect(await repo.findOneByOrFail({ id: duringParty.tabId })).toMatchObject({
          status: 'closed',
          closedBy: 'auto',
          chargedCents: 1859,
        });
        // A declined card stays open for staff to see, and is not retried every minute.
        expect(await repo.findOneByOrFail({ id: declining.tabId })).toMatchObject({
          status: 'open',
          lastChargeError: 'Your card was declined.',
        });
        expect(await sweeper.sweep(new Date('2030-10-25T06:05:00Z'))).toEqual([]);
        expect((await repo.findOneByOrFail({ id: lateOpener.tabId })).status).toBe('open');
        expect(await sweeper.sweep(new Date('2030-10-25T10:21:00Z'))).toEqual([lateOpener.tabId]);
        expect((await repo.findOneByOrFail({ id: lateOpener.tabId })).status).toBe('closed');
        expect(await tabCharges(t)).toHaveLength(1);
      } finally {
        await t.close();
      }
    });

    it('stops with the application: many apps started and closed leave no job behind', async () => {
      for (let i = 0; i < 3; i += 1) {
        const t = await app();
        const sweeper = t.app.get(DrinksSweeper);
        expect(sweeper.state.scheduled).toBe(true);
        sweeper.sweepSoon();
        expect(sweeper.state.sweeping).toBe(true);
        await t.close();
        expect(sweeper.state).toEqual({ scheduled: false, sweeping: false });
        // After shutdown a sweep request is ignored instead of touching a closed database.
        sweeper.sweepSoon();
        expect(sweeper.state.sweeping).toBe(false);
      }
    });
  });
});
