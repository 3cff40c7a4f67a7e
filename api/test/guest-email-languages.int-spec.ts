import { randomUUID } from 'node:crypto';
import { formatCents, priceFeastOrder, type FeastCatalog, type PartyOrderDetails } from '@festival/contracts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@festival/test-kit';
import { FeastOrderEntity } from '../src/modules/feast/feast-order.entity.js';
import { GuestLinkEntity } from '../src/modules/guest-account/guest-link.entity.js';
import { WaitlistEntryEntity } from '../src/modules/tickets/waitlist/waitlist-entry.entity.js';
import { createDrinkPaymentRequest, TEST_CARD } from './support/drinks.js';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'guest-email-languages-password';
const TAMIL = /[\u0B80-\u0BFF]/;
const DEVANAGARI = /[\u0900-\u097F]/;

let addresses = 0;
const nextAddress = () => `203.0.113.${(addresses += 1) % 250}`;
/** The price of the party order of createPartyOrderRequest: 2 adults and a child. */
const TOTAL = formatCents(createPartyOrderRequest().totalAmount);

/**
 * The guest e-mails in the order's language (docs/languages.md, "E-mails and the API's
 * catalogue"): the party's confirmation and refund, a feast pre-order's, a drinks receipt, the
 * waitlist offer and the tickets bought with it, and the My tickets link.
 */
describe(`the guest e-mails in the language of their order, on ${TEST_DATABASE}`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    // Three seats: one order of 2 adults and a child sells the party out.
    t = await createTestApp({ SMTP_URL: sink.url, ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', TICKET_CAPACITY: '3' });
    manager = await managerCookie(t, PASSWORD);
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
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return sentTo(email)[count - 1]!;
  }
  const pay = (clientSecret: string) =>
    t.http
      .post('/api/payments/simulated/confirm')
      .set('X-Forwarded-For', nextAddress())
      .send({ clientSecret, ...TEST_CARD })
      .expect(200);
  const details = async (orderId: string) =>
    (await t.http.get(`/api/admin/party-orders/${orderId}`).set('Cookie', manager).expect(200)).body as PartyOrderDetails;

  let tamilOrderId: string;

  it('e-mails party tickets bought in Tamil in Tamil: subject, text, HTML and calendar file', async () => {
    const held = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send(createPartyOrderRequest({ customerEmail: 'selvi@example.com', language: 'ta' }))
      .expect(200);
    tamilOrderId = held.body.orderId as string;
    await pay(held.body.clientSecret as string);
    const mail = await mailTo('selvi@example.com');
    const reference = tamilOrderId.slice(0, 8).toUpperCase();
    expect(mail.parsed.subject).toBe(`Diwali DJ Night நிகழ்ச்சிக்கான உங்கள் டிக்கெட்டுகள் · ${reference}`);
    expect(mail.parsed.text).toContain('எல்லாம் தயார்!');
    expect(mail.parsed.text).toContain(`செலுத்திய மொத்தம்: ${TOTAL}`);
    expect(mail.parsed.text).not.toContain("You're All Set!");
    expect(mail.parsed.html).toContain('<html lang="ta">');
    expect(mail.parsed.html).toContain('எல்லாம் தயார்!');
    const ics = mail.parsed.attachments.find((a) => a.mimeType === 'text/calendar')!;
    const calendar = typeof ics.content === 'string' ? ics.content : new TextDecoder().decode(ics.content as ArrayBuffer);
    expect(calendar).toMatch(/PRODID:-\/\/Festival\/\/Party tickets\/\/TA/);
    expect(TAMIL.test(calendar)).toBe(true);
    // The page's `Add to calendar` is the same event, in the same language.
    const page = await t.http.get(`/api/party-orders/${tamilOrderId}/calendar`).expect(200);
    const event = (ics: string) => ics.replace(/\r\n/g, '\n').replace(/DTSTAMP:\S+/, '');
    expect(event(page.text)).toBe(event(calendar));
    expect((await details(tamilOrderId)).language).toBe('ta');
  });

  it('keeps the language a waitlist entry joined in, e-mails its offer in it, and the tickets bought with the offer carry it', async () => {
    const joined = await t.http
      .post('/api/party-waitlist')
      .set('X-Forwarded-For', nextAddress())
      .send({ name: 'Meera Iyer', email: 'meera@example.com', tickets: 2, language: 'hi' })
      .expect(200);
    expect(joined.body).toEqual({ position: 1 });
    expect((await t.dataSource.getRepository(WaitlistEntryEntity).findOneByOrFail({ email: 'meera@example.com' })).language).toBe('hi');

    // The Tamil order is refunded whole: its refund e-mail is Tamil, and its seats go to the waitlist.
    await t.http
      .post(`/api/admin/party-orders/${tamilOrderId}/refunds`)
      .set('Cookie', manager)
      .send({ adults: 2, children: 1, idempotencyKey: randomUUID() })
      .expect(200);
    const refund = await mailTo('selvi@example.com', 2);
    expect(refund.parsed.subject).toMatch(/^Diwali DJ Night டிக்கெட்டுகளுக்கான பணத் திருப்பம் · /);
    expect(refund.parsed.text).toContain(TOTAL);
    expect(TAMIL.test(refund.parsed.text ?? '')).toBe(true);

    const offer = await mailTo('meera@example.com');
    expect(offer.parsed.subject).toBe('Diwali DJ Night के लिए आपके वेटलिस्ट टिकट');
    expect(offer.parsed.text).toContain('नमस्ते Meera Iyer,');
    const token = /\/hi\/diwali-party\?offer=([A-Za-z0-9_-]+)/.exec(offer.parsed.text ?? '')![1]!;
    // The party page sent no language: the tickets keep the entry's.
    const held = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send({
        ...createPartyOrderRequest({ customerName: 'Meera Iyer', customerEmail: 'meera@example.com', adultTickets: 2, childTickets: 0 }),
        offerToken: token,
      })
      .expect(200);
    expect((await details(held.body.orderId as string)).language).toBe('hi');
  });

  it('records the language of a feast pre-order and e-mails its confirmation in Hindi', async () => {
    const opened = await t.http
      .put('/api/admin/feast-packs')
      .set('Cookie', manager)
      .send({
        open: true,
        packs: [{ name: 'Vegetarian Feast Pack', description: 'Paneer, biryani, breads, sweets', price: 3999, vegetarian: true }],
        slots: [{ date: '2027-10-30', time: '11:00', capacity: 10 }],
      })
      .expect(200);
    const { packs, slots, taxRateBasisPoints } = opened.body as FeastCatalog;
    const held = await t.http
      .post('/api/feast-order-intent')
      .set('X-Forwarded-For', nextAddress())
      .send({
        customerName: 'Lakshmi Rao',
        customerEmail: 'lakshmi@example.com',
        customerPhone: '(408) 555-0199',
        items: [{ packId: packs[0]!.id, quantity: 2 }],
        slotId: slots[0]!.id,
        totalAmount: priceFeastOrder([{ price: packs[0]!.price, quantity: 2 }], taxRateBasisPoints).totalCents,
        language: 'hi',
      })
      .expect(200);
    await pay(held.body.clientSecret as string);
    const mail = await mailTo('lakshmi@example.com');
    const reference = String(held.body.orderId).slice(0, 8).toUpperCase();
    expect((await t.dataSource.getRepository(FeastOrderEntity).findOneByOrFail({ id: held.body.orderId })).language).toBe('hi');
    expect(mail.parsed.subject).toBe(`आपका दिवाली फ़ीस्ट पैक प्री-ऑर्डर · ${reference}`);
    expect(mail.parsed.text).toContain('प्री-ऑर्डर पक्का हो गया');
    expect(mail.parsed.text).toContain('Vegetarian Feast Pack × 2: $79.98');
    expect(mail.parsed.text).toContain(
      `पिकअप: ${new Intl.DateTimeFormat('hi-IN', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date('2027-10-30'))}`,
    );
    expect(mail.parsed.text).not.toContain('Pre-order Confirmed');
    expect(mail.parsed.html).toContain('<html lang="hi">');
    expect(DEVANAGARI.test(mail.parsed.html ?? '')).toBe(true);
  });

  it('e-mails a drinks receipt in the language the drinks were ordered in', async () => {
    const created = await t.http
      .post('/api/drink-payment-intent')
      .send(createDrinkPaymentRequest({ customerEmail: 'karthik@example.com', language: 'ta' }))
      .expect(200);
    const paid = await pay(created.body.clientSecret as string);
    await t.http
      .post('/api/confirm-drink-payment')
      .send({ paymentIntentId: paid.body.id, clientSecret: created.body.clientSecret })
      .expect(200);
    const receipt = await mailTo('karthik@example.com');
    expect(receipt.parsed.subject).toMatch(/^Saffron Leaf: உங்கள் ரசீது · பான ஆர்டர் #\d+$/);
    expect(receipt.parsed.text).toContain('மொத்தம்: $');
  });

  it('e-mails the My tickets link in the language of the page that asked for it', async () => {
    await t.http
      .post('/api/my-tickets/link')
      .set('X-Forwarded-For', nextAddress())
      .send({ email: 'selvi@example.com', language: 'ta' })
      .expect(202);
    const mail = await mailTo('selvi@example.com', 3);
    expect(mail.parsed.subject).toBe('உங்கள் தீபாவளி பார்ட்டி டிக்கெட்டுகள்');
    expect(mail.parsed.html).toContain('என் டிக்கெட்டுகளைப் பார்க்கவும்');
  });

  it('refuses a language the site does not speak with a clear 400, and changes nothing', async () => {
    const counts = async () => ({
      feast: await t.dataSource.getRepository(FeastOrderEntity).count(),
      waitlist: await t.dataSource.getRepository(WaitlistEntryEntity).count(),
      links: await t.dataSource.getRepository(GuestLinkEntity).count(),
    });
    const before = await counts();
    const refused = { message: 'language: must be one of en, hi, ta' };
    const feast = await t.http
      .post('/api/feast-order-intent')
      .set('X-Forwarded-For', nextAddress())
      .send({
        customerName: 'Lakshmi Rao',
        customerEmail: 'lakshmi.fr@example.com',
        customerPhone: '(408) 555-0199',
        items: [{ packId: 'any', quantity: 1 }],
        slotId: 'any',
        totalAmount: 4374,
        language: 'fr',
      })
      .expect(400);
    expect(feast.body).toEqual(refused);
    const waitlist = await t.http
      .post('/api/party-waitlist')
      .set('X-Forwarded-For', nextAddress())
      .send({ name: 'Anne', email: 'anne@example.com', tickets: 1, language: 'fr' })
      .expect(400);
    expect(waitlist.body).toEqual(refused);
    const link = await t.http
      .post('/api/my-tickets/link')
      .set('X-Forwarded-For', nextAddress())
      .send({ email: 'selvi@example.com', language: 'fr' })
      .expect(400);
    expect(link.body).toEqual(refused);
    expect(await counts()).toEqual(before);
  });
});
