import type { Drink } from '@festival/contracts';
import { DrinkEntity } from '../src/modules/drinks/drink.entity.js';
import { DrinkOrderEntity } from '../src/modules/drinks/drink-order.entity.js';
import { DrinksSweeper } from '../src/modules/drinks/drinks-sweeper.service.js';
import { GatewayUnavailableError, PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { PaymentEvents } from '../src/modules/payments/payment-events.service.js';
import { SimulatedPaymentEntity } from '../src/modules/payments/simulated-payment.entity.js';
import { createDrinkPaymentRequest, intentIdOf, MENU, payDrinks, staffCookie, TEST_CARD } from './support/drinks.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'bar-staff-password';

async function app(env: Record<string, string> = {}, options: { keepDatabase?: boolean } = {}): Promise<TestApp> {
  return createTestApp({ ADMIN_PASSWORD: PASSWORD, ...env }, options);
}

async function stockOf(t: TestApp, id: string): Promise<number> {
  return (await t.dataSource.getRepository(DrinkEntity).findOneByOrFail({ id })).available;
}

async function setStock(t: TestApp, id: string, available: number): Promise<void> {
  await t.dataSource.getRepository(DrinkEntity).update({ id }, { available });
}

/** Waits until no drink order is between "refunding" and "refunded" (background completions). */
async function settled(t: TestApp): Promise<void> {
  const repo = t.dataSource.getRepository(DrinkOrderEntity);
  for (let i = 0; i < 100 && (await repo.countBy({ status: 'refunding' })) > 0; i += 1) await new Promise((r) => setTimeout(r, 50));
}

describe(`drinks menu and pay-now orders on ${TEST_DATABASE}`, () => {
  describe('the menu', () => {
    it('serves the seeded festival menu, categories in alphabetical order, prices in whole cents', async () => {
      const t = await app();
      try {
        const res = await t.http.get('/api/drinks').expect(200);
        const drinks = res.body as Drink[];
        expect(drinks.length).toBeGreaterThanOrEqual(20);
        const categories = [...new Set(drinks.map((d) => d.category))];
        expect(categories).toEqual([...categories].sort((a, b) => a.localeCompare(b)));
        expect(categories).toEqual(expect.arrayContaining(['Beer', 'Cocktails', 'Lassis', 'Mocktails', 'Soft Drinks', 'Wine']));
        for (const drink of drinks) {
          expect(Number.isInteger(drink.price)).toBe(true);
          expect(drink.price).toBeGreaterThan(0);
          expect(drink.available).toBeGreaterThan(0);
        }
        expect(drinks.find((d) => d.id === 'mango-lassi')).toEqual({
          id: 'mango-lassi',
          name: 'Mango Lassi',
          description: expect.any(String),
          category: 'Lassis',
          price: 650,
          available: 80,
        });
      } finally {
        await t.close();
      }
    });

    it('seeds once: stock set by staff survives a restart', async () => {
      const before = await app();
      const cookie = await staffCookie(before, PASSWORD);
      await before.http.patch('/api/admin/drinks/kingfisher').set('Cookie', cookie).send({ available: 0 }).expect(200);
      await before.app.close();
      const sameDatabase: Record<string, string> =
        before.config.database.type === 'sqlite' ? { SQLITE_PATH: before.config.database.path } : {};
      const after = await app(sameDatabase, { keepDatabase: true });
      try {
        const drinks = (await after.http.get('/api/drinks').expect(200)).body as Drink[];
        expect(drinks.find((d) => d.id === 'kingfisher')?.available).toBe(0);
        expect(drinks.filter((d) => d.id === 'kingfisher')).toHaveLength(1);
      } finally {
        await after.close();
        await before.close();
      }
    });
  });

  describe('starting a payment', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await app();
    });
    afterAll(() => t.close());

    async function nothingCreated() {
      expect(await t.dataSource.getRepository(DrinkOrderEntity).count()).toBe(0);
      expect(await t.dataSource.getRepository(SimulatedPaymentEntity).count()).toBe(0);
    }

    it('refuses a tampered total with 409 and creates nothing', async () => {
      const res = await t.http
        .post('/api/drink-payment-intent')
        .send(createDrinkPaymentRequest({ total: 100 }))
        .expect(409);
      // 2 x $6.50 + $4.00 = $17.00; tax 159.46 -> $1.59
      expect(res.body).toEqual({ message: 'The total has changed: it is now $18.59. Please review your order.' });
      await nothingCreated();
    });

    it('refuses a tampered item price with 409 and creates nothing, even when the total matches it', async () => {
      const items = [{ ...MENU.mangoLassi, price: 1, quantity: 2 }];
      const res = await t.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest({ items })).expect(409);
      expect(res.body).toEqual({ message: 'The price of Mango Lassi is now $6.50. Please review your cart.' });
      await nothingCreated();
    });

    it('refuses drinks out of stock or short, saying which', async () => {
      await setStock(t, 'masala-chai', 0);
      await setStock(t, 'mango-lassi', 1);
      try {
        const out = await t.http
          .post('/api/drink-payment-intent')
          .send(createDrinkPaymentRequest({ items: [{ ...MENU.masalaChai, quantity: 1 }] }))
          .expect(409);
        expect(out.body).toEqual({ message: 'Masala Chai is out of stock. Please remove it from your cart.' });
        const short = await t.http
          .post('/api/drink-payment-intent')
          .send(createDrinkPaymentRequest({ items: [{ ...MENU.mangoLassi, quantity: 2 }] }))
          .expect(409);
        expect(short.body).toEqual({ message: 'Only 1 Mango Lassi left. Please lower the quantity.' });
        await nothingCreated();
      } finally {
        await setStock(t, 'masala-chai', 120);
        await setStock(t, 'mango-lassi', 80);
      }
    });

    it('refuses a drink that is not on the menu, a missing name and an empty cart with clear messages', async () => {
      const unknown = await t.http
        .post('/api/drink-payment-intent')
        .send(createDrinkPaymentRequest({ items: [{ id: 'moonshine', name: 'Moonshine', price: 100, quantity: 1 }] }))
        .expect(409);
      expect(unknown.body).toEqual({ message: 'Moonshine is no longer on the menu. Please remove it from your cart.' });
      const noName = await t.http
        .post('/api/drink-payment-intent')
        .send(createDrinkPaymentRequest({ customerName: '  ' }))
        .expect(400);
      expect(noName.body).toEqual({ message: 'customerName: Please enter your name' });
      const empty = await t.http
        .post('/api/drink-payment-intent')
        .send(createDrinkPaymentRequest({ items: [], total: 0 }))
        .expect(400);
      expect(empty.body).toEqual({ message: 'items: Your cart is empty' });
      await nothingCreated();
    });

    it('starts the payment for the server total and returns the client secret', async () => {
      const res = await t.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest()).expect(200);
      expect(res.body).toEqual({ clientSecret: expect.stringMatching(/_secret_/), orderId: expect.any(String) });
      const intent = await t.dataSource.getRepository(SimulatedPaymentEntity).findOneByOrFail({ id: intentIdOf(res.body.clientSecret) });
      expect(intent.amountCents).toBe(1859);
      // The client address and e-mail ride along, so a declined card can be traced to who tried it.
      expect(JSON.parse(intent.metadata)).toEqual({
        type: 'drink_order',
        orderId: res.body.orderId,
        clientAddress: '127.0.0.1',
        clientEmail: 'priya@example.com',
      });
      const order = await t.dataSource.getRepository(DrinkOrderEntity).findOneByOrFail({ id: res.body.orderId });
      expect(order).toMatchObject({ status: 'pending', number: null, subtotalCents: 1700, taxCents: 159, totalCents: 1859 });
    });
  });

  describe('confirming a payment', () => {
    it('records the order once however often it is confirmed, and takes the stock down once', async () => {
      const t = await app();
      try {
        const { orderId, paymentIntentId, clientSecret } = await payDrinks(t);
        const results = await Promise.all(
          Array.from({ length: 5 }, () =>
            t.http.post('/api/confirm-drink-payment').send({ paymentIntentId, type: 'drink_order', clientSecret }),
          ),
        );
        expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
        for (const r of results) expect(r.body).toEqual(results[0].body);
        expect(results[0].body).toMatchObject({
          orderId,
          number: 1,
          payment: 'paid',
          barStatus: 'new',
          customerName: 'Priya Natarajan',
          tableNumber: '12',
          items: [
            { id: 'mango-lassi', name: 'Mango Lassi', price: 650, quantity: 2 },
            { id: 'masala-chai', name: 'Masala Chai', price: 400, quantity: 1 },
          ],
          subtotalCents: 1700,
          taxCents: 159,
          totalCents: 1859,
        });
        // The duplicated gateway event changes nothing either.
        await t.app.get(PaymentEvents).dispatch({
          id: 'evt_dup',
          type: 'payment_intent.succeeded',
          objectId: paymentIntentId,
          metadata: { type: 'drink_order', orderId },
        });
        await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId }).expect(200);

        expect(await t.dataSource.getRepository(DrinkOrderEntity).countBy({ status: 'paid' })).toBe(1);
        expect(await stockOf(t, 'mango-lassi')).toBe(78);
        expect(await stockOf(t, 'masala-chai')).toBe(119);

        const cookie = await staffCookie(t, PASSWORD);
        const queue = await t.http.get('/api/admin/bar/orders').set('Cookie', cookie).expect(200);
        expect(queue.body).toEqual([
          expect.objectContaining({
            id: orderId,
            number: 1,
            payment: 'paid',
            status: 'new',
            tableNumber: '12',
            items: [
              { name: 'Mango Lassi', quantity: 2 },
              { name: 'Masala Chai', quantity: 1 },
            ],
          }),
        ]);
      } finally {
        await t.close();
      }
    });

    it('completes the order from the payment event alone, when the browser never comes back', async () => {
      const t = await app();
      try {
        const { orderId } = await payDrinks(t);
        const repo = t.dataSource.getRepository(DrinkOrderEntity);
        for (let i = 0; i < 100 && (await repo.findOneByOrFail({ id: orderId })).status !== 'paid'; i += 1)
          await new Promise((r) => setTimeout(r, 20));
        expect(await repo.findOneByOrFail({ id: orderId })).toMatchObject({ status: 'paid', number: 1 });
        expect(await stockOf(t, 'mango-lassi')).toBe(78);
      } finally {
        await t.close();
      }
    });

    it('refuses to confirm a payment that did not succeed, and an unknown one', async () => {
      const t = await app();
      try {
        const created = await t.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest()).expect(200);
        const declined = await t.http
          .post('/api/payments/simulated/confirm')
          .send({ clientSecret: created.body.clientSecret, ...TEST_CARD, cardNumber: '4000 0000 0000 0002' })
          .expect(402);
        expect(declined.body).toEqual({ message: 'Your card was declined.' });
        const notPaid = await t.http
          .post('/api/confirm-drink-payment')
          .send({ paymentIntentId: intentIdOf(created.body.clientSecret) })
          .expect(409);
        expect(notPaid.body).toEqual({ message: 'Payment was not completed' });
        const unknown = await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: 'pi_nope' }).expect(404);
        expect(unknown.body).toEqual({ message: 'No drink order for this payment' });
        expect(await t.dataSource.getRepository(DrinkOrderEntity).countBy({ status: 'paid' })).toBe(0);
        expect(await stockOf(t, 'mango-lassi')).toBe(80);
      } finally {
        await t.close();
      }
    });

    it('never takes stock below 0: 12 paid orders racing for the last 5 lassis get 5 orders and 7 refunds', async () => {
      const t = await app();
      try {
        await setStock(t, 'mango-lassi', 5);
        const request = createDrinkPaymentRequest({ items: [{ ...MENU.mangoLassi, quantity: 1 }] });
        // Every guest starts paying while 5 are left; then all pay and confirm at once.
        const created = [];
        for (let i = 0; i < 12; i += 1) {
          created.push(
            (
              await t.http
                .post('/api/drink-payment-intent')
                .send({ ...request, customerName: `Guest ${i}` })
                .expect(200)
            ).body,
          );
        }
        const paid = await Promise.all(
          created.map((c) =>
            t.http
              .post('/api/payments/simulated/confirm')
              .send({ clientSecret: c.clientSecret, ...TEST_CARD })
              .expect(200),
          ),
        );
        const results = await Promise.all(paid.map((p) => t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: p.body.id })));
        expect(results.filter((r) => r.status === 200)).toHaveLength(5);
        const refused = results.filter((r) => r.status === 409);
        expect(refused).toHaveLength(7);
        for (const r of refused) {
          expect(r.body).toEqual({
            message: 'Sorry, Mango Lassi ran out while you were paying. Your payment of $7.11 is being refunded in full.',
          });
        }
        await settled(t);
        expect(await stockOf(t, 'mango-lassi')).toBe(0);
        const repo = t.dataSource.getRepository(DrinkOrderEntity);
        expect(await repo.countBy({ status: 'paid' })).toBe(5);
        expect(await repo.countBy({ status: 'refunded' })).toBe(7);
        const numbers = (await repo.findBy({ status: 'paid' })).map((o) => o.number).sort((a, b) => Number(a) - Number(b));
        expect(numbers).toEqual([1, 2, 3, 4, 5]);
        const refunds = await t.dataSource.getRepository(SimulatedPaymentEntity).find();
        expect(refunds.filter((p) => p.refundedAt !== null)).toHaveLength(7);

        const menu = (await t.http.get('/api/drinks').expect(200)).body as Drink[];
        expect(menu.find((d) => d.id === 'mango-lassi')?.available).toBe(0);
      } finally {
        await t.close();
      }
    });
  });

  describe('when the gateway cannot be reached', () => {
    it('answers a clear 503 instead of an error, and retries a refund in the background until it goes through', async () => {
      const t = await app();
      try {
        const gateway = t.app.get(PaymentGateway);
        // No payment event arrives during this test: only the browser's confirmations act.
        jest.spyOn(t.app.get(PaymentEvents), 'deliverLater').mockImplementation(() => undefined);
        await setStock(t, 'masala-chai', 1);
        const chai = createDrinkPaymentRequest({ items: [{ ...MENU.masalaChai, quantity: 1 }] });
        const first = await payDrinks(t, chai);
        const second = await payDrinks(t, chai);

        jest.spyOn(gateway, 'retrievePaymentIntent').mockRejectedValueOnce(new GatewayUnavailableError('Stripe: connection refused'));
        const down = await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: first.paymentIntentId }).expect(503);
        expect(down.body).toEqual({ message: 'The payment service could not be reached. Please try again.' });
        await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: first.paymentIntentId }).expect(200);

        // The last chai went to the first guest: the second is refunded, and the refund fails once.
        const refunds = jest.spyOn(gateway, 'refundPayment').mockRejectedValueOnce(new GatewayUnavailableError('Stripe: timeout'));
        const refused = await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: second.paymentIntentId }).expect(409);
        expect(refused.body).toEqual({
          message: 'Sorry, Masala Chai ran out while you were paying. Your payment of $4.38 is being refunded in full.',
        });
        const repo = t.dataSource.getRepository(DrinkOrderEntity);
        expect((await repo.findOneByOrFail({ id: second.orderId })).status).toBe('refunding');

        await t.app.get(DrinksSweeper).sweep();
        expect((await repo.findOneByOrFail({ id: second.orderId })).status).toBe('refunded');
        expect(refunds).toHaveBeenCalledTimes(2);
        expect(refunds).toHaveBeenLastCalledWith(second.paymentIntentId, `drink-refund-${second.orderId}`);
        expect(await stockOf(t, 'masala-chai')).toBe(0);
        // Asked again from a Hindi page (its Accept-Language): the same answer in Hindi, naming the drink as the menu does.
        const hindi = await t.http
          .post('/api/confirm-drink-payment')
          .set('Accept-Language', 'hi')
          .send({ paymentIntentId: second.paymentIntentId })
          .expect(409);
        expect(hindi.body).toEqual({
          message: 'माफ़ कीजिए, आपके भुगतान के दौरान Masala Chai ख़त्म हो गया। आपके $4.38 के भुगतान की पूरी रक़म वापस की जा रही है।',
          code: 'drinks.ran-out',
        });
      } finally {
        jest.restoreAllMocks();
        await t.close();
      }
    });
  });

  describe('the bar', () => {
    it('moves orders through New, Ready and Served, shows the language each guest ordered in, and staff set stock that guests see', async () => {
      const t = await app();
      try {
        const first = await payDrinks(t);
        await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: first.paymentIntentId }).expect(200);
        const second = await payDrinks(
          t,
          createDrinkPaymentRequest({ customerName: 'Kavya', tableNumber: '3', items: [{ ...MENU.kingfisher, quantity: 1 }] }),
        );
        await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: second.paymentIntentId }).expect(200);
        // An order from the Tamil drinks page: the bar sees its language (docs/languages.md).
        const third = await payDrinks(t, createDrinkPaymentRequest({ customerName: 'Selvi', language: 'ta' }));
        await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: third.paymentIntentId }).expect(200);
        // A language the site does not speak is refused, and no order is made.
        const unknown = await t.http
          .post('/api/drink-payment-intent')
          .send(createDrinkPaymentRequest({ language: 'fr' as 'en' }))
          .expect(400);
        expect(unknown.body).toEqual({ message: 'language: must be one of en, hi, ta' });

        await t.http.get('/api/admin/bar/orders').expect(401);
        const cookie = await staffCookie(t, PASSWORD);
        const queue = await t.http.get('/api/admin/bar/orders').set('Cookie', cookie).expect(200);
        expect(
          queue.body.map((o: { number: number; customerName: string; language: string }) => [o.number, o.customerName, o.language]),
        ).toEqual([
          [1, 'Priya Natarajan', 'en'],
          [2, 'Kavya', 'en'],
          [3, 'Selvi', 'ta'],
        ]);

        const ready = await t.http
          .patch(`/api/admin/bar/orders/${first.orderId}`)
          .set('Cookie', cookie)
          .send({ status: 'ready' })
          .expect(200);
        expect(ready.body).toMatchObject({ id: first.orderId, status: 'ready' });
        await t.http.patch(`/api/admin/bar/orders/${first.orderId}`).set('Cookie', cookie).send({ status: 'served' }).expect(200);
        const bad = await t.http.patch(`/api/admin/bar/orders/${first.orderId}`).set('Cookie', cookie).send({ status: 'gone' }).expect(400);
        expect(bad.body).toEqual({ message: 'status: status must be new, ready or served' });
        await t.http
          .patch('/api/admin/bar/orders/00000000-0000-4000-8000-000000000000')
          .set('Cookie', cookie)
          .send({ status: 'ready' })
          .expect(404);
        const after = await t.http.get('/api/admin/bar/orders').set('Cookie', cookie).expect(200);
        expect(after.body.map((o: { number: number; status: string }) => [o.number, o.status])).toEqual([
          [1, 'served'],
          [2, 'new'],
          [3, 'new'],
        ]);

        // Stock: set a count, mark out of stock; a foreign origin is refused.
        await t.http
          .patch('/api/admin/drinks/kingfisher')
          .set('Cookie', cookie)
          .set('Origin', 'https://evil.example')
          .send({ available: 0 })
          .expect(403);
        const stock = await t.http.patch('/api/admin/drinks/kingfisher').set('Cookie', cookie).send({ available: 0 }).expect(200);
        expect(stock.body).toMatchObject({ id: 'kingfisher', available: 0 });
        await t.http.patch('/api/admin/drinks/kingfisher').set('Cookie', cookie).send({ available: -3 }).expect(400);
        await t.http.patch('/api/admin/drinks/nope').set('Cookie', cookie).send({ available: 3 }).expect(404);
        const menu = (await t.http.get('/api/drinks').expect(200)).body as Drink[];
        expect(menu.find((d) => d.id === 'kingfisher')?.available).toBe(0);
        const refused = await t.http
          .post('/api/drink-payment-intent')
          .send(createDrinkPaymentRequest({ items: [{ ...MENU.kingfisher, quantity: 1 }] }))
          .expect(409);
        expect(refused.body.message).toBe('Kingfisher Premium is out of stock. Please remove it from your cart.');
      } finally {
        await t.close();
      }
    });
  });
});
