import { priceDrinks, type DrinkOrderReceipt, type DrinkTabView, type SiteConfig } from '@festival/contracts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@festival/test-kit';
import { DrinkOrderEntity } from '../src/modules/drinks/drink-order.entity.js';
import { DrinkTabEntity } from '../src/modules/drinks/drink-tab.entity.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { createDrinkPaymentRequest, createTabOrderRequest, MENU, staffCookie, TEST_CARD } from './support/drinks.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'tips-manager-password';
const oneLassi = [{ ...MENU.mangoLassi, quantity: 1 }];
const tabLines = [
  { ...MENU.mangoLassi, quantity: 2 },
  { ...MENU.masalaChai, quantity: 1 },
];

describe(`tips and itemised receipts, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let manager: string;
  let site: SiteConfig;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', SMTP_URL: sink.url });
    manager = await staffCookie(t, PASSWORD);
    site = (await t.http.get('/api/site').expect(200)).body as SiteConfig;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const sentTo = (email: string): ReceivedMail[] => sink.messages.filter((m) => m.envelopeTo.includes(email));
  /** Waits for the `count`-th e-mail to an address and answers it. */
  async function mailTo(email: string, count = 1): Promise<ReceivedMail> {
    const deadline = Date.now() + 20_000;
    while (sentTo(email).length < count) {
      if (Date.now() > deadline) throw new Error(`No e-mail number ${count} to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return sentTo(email)[count - 1]!;
  }
  const orderCount = () => t.dataSource.getRepository(DrinkOrderEntity).count();

  async function payNow(email: string, tip?: object): Promise<DrinkOrderReceipt> {
    const created = await t.http
      .post('/api/drink-payment-intent')
      .send({ ...createDrinkPaymentRequest({ items: oneLassi, customerEmail: email }), ...(tip ? { tip } : {}) })
      .expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: created.body.clientSecret, ...TEST_CARD })
      .expect(200);
    const confirmed = await t.http
      .post('/api/confirm-drink-payment')
      .send({ paymentIntentId: paid.body.id, clientSecret: created.body.clientSecret })
      .expect(200);
    return confirmed.body as DrinkOrderReceipt;
  }

  async function openTabWithOrders(email: string): Promise<{ tabId: string; tabToken: string }> {
    const created = await t.http
      .post('/api/drink-tab')
      .send({ customerName: 'Arjun Mehta', customerEmail: email, tableNumber: '4' })
      .expect(200);
    const saved = await t.http
      .post('/api/payments/simulated/confirm-setup')
      .send({ clientSecret: created.body.clientSecret, ...TEST_CARD })
      .expect(200);
    await t.http.post('/api/drink-tab/confirm-setup').send({ tabId: created.body.tabId, setupIntentId: saved.body.id }).expect(200);
    const { tabId, tabToken } = created.body as { tabId: string; tabToken: string };
    await t.http
      .post(`/api/drink-tab/${tabId}/orders`)
      .send(createTabOrderRequest(tabToken, { items: tabLines }))
      .expect(201);
    return { tabId, tabToken };
  }

  const address = () => {
    const a = site.restaurant.address;
    return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
  };

  describe('paying now', () => {
    it('charges subtotal + tax + a 15 % tip computed on the subtotal before tax, and e-mails the itemised receipt', async () => {
      const receipt = await payNow('tip15@example.com', { percent: 15 });
      // $6.50: tax 9.38 % = 60.97 -> 61; tip 15 % = 97.5 -> 98 (half up), never taxed.
      expect(receipt).toMatchObject({ subtotalCents: 650, taxCents: 61, tipCents: 98, totalCents: 809 });
      const order = await t.dataSource.getRepository(DrinkOrderEntity).findOneByOrFail({ id: receipt.orderId });
      const intent = await t.app.get(PaymentGateway).retrievePaymentIntent(order.paymentIntentId!);
      expect(intent?.amountCents).toBe(809);

      const mail = await mailTo('tip15@example.com');
      expect(mail.parsed.subject).toBe(`Your receipt from ${site.restaurant.name} · Drinks order #${receipt.number}`);
      const text = mail.parsed.text ?? '';
      expect(text).toContain(site.restaurant.name);
      expect(text).toContain(address());
      expect(text).toContain('1 × Mango Lassi @ $6.50: $6.50');
      expect(text).toContain('Subtotal: $6.50');
      expect(text).toContain('Tax: $0.61');
      expect(text).toContain('Tip: $0.98');
      expect(text).toContain('Total: $8.09');
      expect(text).toContain('Paid with Visa ending 4242');
      expect(text).toMatch(/\d{1,2}:\d{2} (AM|PM)/);
    });

    it('keeps the request without a tip exactly as before: no tip, total = subtotal + tax', async () => {
      const receipt = await payNow('notip@example.com');
      expect(receipt).toMatchObject({ subtotalCents: 650, taxCents: 61, tipCents: 0, totalCents: 711 });
      expect((await mailTo('notip@example.com')).parsed.text).toContain('Tip: $0.00');
    });

    it('charges a custom tip as given, up to the whole subtotal', async () => {
      const receipt = await payNow('custom@example.com', { cents: 650 });
      expect(receipt).toMatchObject({ tipCents: 650, totalCents: 650 + 61 + 650 });
    });

    it.each([
      [{ cents: 651 }, "tip: A tip cannot be more than the drinks' subtotal ($6.50)"],
      [{ cents: -1 }, 'tip.cents: A tip cannot be negative'],
      [{ cents: 1.5 }, 'tip.cents: A custom tip must be whole cents'],
      [{ percent: 12 }, 'tip.percent: A tip is 0, 10, 15 or 20 percent, or an amount'],
      [{ percent: 15, cents: 100 }, 'tip: Choose a tip percent or an amount, not both'],
    ])('refuses the tip %j with a 400 naming the field, and creates nothing', async (tip, message) => {
      const before = await orderCount();
      const res = await t.http
        .post('/api/drink-payment-intent')
        .send({ ...createDrinkPaymentRequest({ items: oneLassi, customerEmail: 'refused@example.com' }), tip })
        .expect(400);
      expect(res.body.message).toBe(message);
      expect(await orderCount()).toBe(before);
    });

    it("staff's Resend receipt e-mails it again; a refund sends an updated receipt", async () => {
      const receipt = await payNow('resend@example.com', { percent: 10 });
      await mailTo('resend@example.com');
      const resent = await t.http.post(`/api/admin/drink-orders/${receipt.orderId}/resend-receipt`).set('Cookie', manager).expect(202);
      expect(resent.body.message).toBe('Receipt sent again to resend@example.com');
      const again = await mailTo('resend@example.com', 2);
      expect(again.parsed.text).toContain(`Tip: $0.65`);

      await t.http.post(`/api/admin/drink-orders/${receipt.orderId}/refund`).set('Cookie', manager).expect(200);
      const updated = await mailTo('resend@example.com', 3);
      expect(updated.parsed.subject).toBe(`Your updated receipt from ${site.restaurant.name} · Drinks order #${receipt.number}`);
      expect(updated.parsed.text).toContain(`Refunded: $${((650 + 61 + 65) / 100).toFixed(2)}`);
    });

    it('refuses Resend receipt for an order without an e-mail address', async () => {
      const created = await t.http
        .post('/api/drink-payment-intent')
        .send(createDrinkPaymentRequest({ items: oneLassi, customerEmail: undefined }))
        .expect(200);
      const paid = await t.http
        .post('/api/payments/simulated/confirm')
        .send({ clientSecret: created.body.clientSecret, ...TEST_CARD })
        .expect(200);
      await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: paid.body.id }).expect(200);
      const res = await t.http.post(`/api/admin/drink-orders/${created.body.orderId}/resend-receipt`).set('Cookie', manager).expect(409);
      expect(res.body.message).toBe('This order has no e-mail address');
    });
  });

  describe('tabs', () => {
    const tabPrice = priceDrinks(tabLines); // $17.00, tax $1.59

    it("the guest's Close my tab with 15 % charges subtotal + tax + tip to the cent, and e-mails the receipt", async () => {
      const { tabId, tabToken } = await openTabWithOrders('tabguest@example.com');
      const chosen = await t.http
        .put(`/api/drink-tab/${tabId}/tip`)
        .set('X-Tab-Token', tabToken)
        .send({ tip: { percent: 10 } })
        .expect(200);
      expect((chosen.body as DrinkTabView).tip).toEqual({ percent: 10 });

      const closed = await t.http
        .post(`/api/drink-tab/${tabId}/close`)
        .set('X-Tab-Token', tabToken)
        .send({ tip: { percent: 15 } })
        .expect(200);
      const tip = 255; // 15 % of $17.00
      expect(closed.body as DrinkTabView).toMatchObject({ status: 'closed', tip: { percent: 15 }, tipCents: tip });
      expect((closed.body as DrinkTabView).chargedCents).toBe(tabPrice.totalCents + tip);
      expect(tabPrice.totalCents + tip).toBe(1700 + 159 + 255);

      const mail = await mailTo('tabguest@example.com');
      const text = mail.parsed.text ?? '';
      expect(mail.parsed.subject).toContain(`Drinks tab ${tabId.slice(0, 8).toUpperCase()}`);
      expect(text).toContain('2 × Mango Lassi @ $6.50: $13.00');
      expect(text).toContain('1 × Masala Chai @ $4.00: $4.00');
      expect(text).toContain('Subtotal: $17.00');
      expect(text).toContain('Tax: $1.59');
      expect(text).toContain('Tip: $2.55');
      expect(text).toContain('Total: $21.14');
      expect(text).toContain('Paid with Visa ending 4242');
      expect(text).toContain(address());

      // Closing again charges nothing more and sends nothing more.
      await t.http.post(`/api/drink-tab/${tabId}/close`).set('X-Tab-Token', tabToken).send({}).expect(200);
      const tab = await t.dataSource.getRepository(DrinkTabEntity).findOneByOrFail({ id: tabId });
      expect(tab.chargedCents).toBe(2114);
    });

    it("staff's close uses the tip the guest saved", async () => {
      const { tabId, tabToken } = await openTabWithOrders('tabstaff@example.com');
      await t.http
        .put(`/api/drink-tab/${tabId}/tip`)
        .set('X-Tab-Token', tabToken)
        .send({ tip: { cents: 300 } })
        .expect(200);
      const closed = await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', manager).expect(200);
      expect(closed.body).toMatchObject({ status: 'closed', chargedCents: tabPrice.totalCents + 300, tipCents: 300 });
      expect((await mailTo('tabstaff@example.com')).parsed.text).toContain('Tip: $3.00');

      await t.http.post(`/api/admin/drink-tabs/${tabId}/resend-receipt`).set('Cookie', manager).expect(202);
      expect((await mailTo('tabstaff@example.com', 2)).parsed.text).toContain('Total: $21.59');
    });

    it('staff close without a saved choice charges no tip', async () => {
      const { tabId } = await openTabWithOrders('tabnotip@example.com');
      const closed = await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', manager).expect(200);
      expect(closed.body).toMatchObject({ chargedCents: tabPrice.totalCents, tipCents: 0 });
    });

    it('refuses a tab tip over the subtotal, a bad tip and a wrong token, changing nothing', async () => {
      const { tabId, tabToken } = await openTabWithOrders('tabrefused@example.com');
      const tooLarge = await t.http
        .put(`/api/drink-tab/${tabId}/tip`)
        .set('X-Tab-Token', tabToken)
        .send({ tip: { cents: 1701 } })
        .expect(400);
      expect(tooLarge.body.message).toBe("tip: A tip cannot be more than the drinks' subtotal ($17.00)");
      const unknown = await t.http
        .put(`/api/drink-tab/${tabId}/tip`)
        .set('X-Tab-Token', tabToken)
        .send({ tip: { percent: 25 } })
        .expect(400);
      expect(unknown.body.message).toBe('tip.percent: A tip is 0, 10, 15 or 20 percent, or an amount');
      await t.http
        .put(`/api/drink-tab/${tabId}/tip`)
        .set('X-Tab-Token', 'wrong')
        .send({ tip: { percent: 10 } })
        .expect(404);
      await t.http
        .post(`/api/drink-tab/${tabId}/close`)
        .set('X-Tab-Token', 'wrong')
        .send({ tip: { percent: 10 } })
        .expect(404);
      await t.http
        .post(`/api/drink-tab/${tabId}/close`)
        .set('X-Tab-Token', tabToken)
        .send({ tip: { cents: 5000 } })
        .expect(400);
      const tab = await t.dataSource.getRepository(DrinkTabEntity).findOneByOrFail({ id: tabId });
      expect(tab).toMatchObject({ status: 'open', tipChoice: null, chargedCents: null });
    });
  });
});
