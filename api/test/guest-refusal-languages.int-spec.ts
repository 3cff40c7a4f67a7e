import { DrinkOrderEntity } from '../src/modules/drinks/drink-order.entity.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { createDrinkPaymentRequest } from './support/drinks.js';
import { createPartyOrderRequest } from './support/factories.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

/**
 * The API's refusals in the page's language (docs/languages.md, "The API's answers"): a page
 * sends its language as Accept-Language; Hindi and Tamil answers carry the refusal's code.
 */
describe(`a guest's refusals in the language of the page, on ${TEST_DATABASE}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const nothingHeld = async () => {
    expect(await t.dataSource.getRepository(PartyOrderEntity).count()).toBe(0);
    expect(await t.dataSource.getRepository(DrinkOrderEntity).count()).toBe(0);
  };

  it('says the price changed in Tamil to a Tamil page, with its code, and in the same English as ever to others', async () => {
    const tampered = { ...createPartyOrderRequest({ customerEmail: 'selvi@example.com' }), totalAmount: 100 };
    const tamil = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', '198.51.100.31')
      .set('Accept-Language', 'ta')
      .send(tampered)
      .expect(409);
    expect(tamil.headers['content-language']).toBe('ta');
    expect(tamil.body).toEqual({
      message: expect.stringMatching(/^விலை மாறிவிட்டது: மொத்தத் தொகை இப்போது \$\d+\.\d{2}\./),
      code: 'tickets-changed.price',
    });

    for (const asked of [undefined, 'en', 'en-US,en;q=0.9,ta;q=0.8']) {
      const request = t.http.post('/api/party-payment-intent').set('X-Forwarded-For', '198.51.100.32');
      const english = await (asked ? request.set('Accept-Language', asked) : request).send(tampered).expect(409);
      expect(english.body).toEqual({
        message: expect.stringMatching(/^The price has changed: the total is now \$\d+\.\d{2}\. Please review your order\.$/),
      });
    }
    await nothingHeld();
  });

  it('refuses an unknown promo code in Hindi with the code the party page knows it by', async () => {
    const refused = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', '198.51.100.33')
      .set('Accept-Language', 'hi-IN,hi;q=0.9,en;q=0.8')
      .send(createPartyOrderRequest({ customerEmail: 'asha@example.com', promoCode: 'NO-SUCH-CODE' }))
      .expect(400);
    expect(refused.body).toEqual({ message: 'प्रोमो कोड सही नहीं है', code: 'promo.invalid' });
    await nothingHeld();
  });

  it('names the refused fields in one Hindi sentence, and every detail in English as before', async () => {
    const bad = { ...createPartyOrderRequest({ customerEmail: 'asha@example.com' }), customerEmail: 'not-an-address' };
    const hindi = await t.http.post('/api/party-payment-intent').set('Accept-Language', 'hi').send(bad).expect(400);
    expect(hindi.body).toEqual({ message: 'कृपया ये जानकारियाँ जाँच लें: customerEmail', code: 'request.invalid' });
    const english = await t.http.post('/api/party-payment-intent').send(bad).expect(400);
    expect(english.body).toEqual({ message: expect.stringMatching(/^customerEmail: /) });
    await nothingHeld();
  });

  it("tells a Tamil drinks page the cart's new total in Tamil, in US dollars", async () => {
    const refused = await t.http
      .post('/api/drink-payment-intent')
      .set('Accept-Language', 'ta')
      .send(createDrinkPaymentRequest({ total: 100 }))
      .expect(409);
    expect(refused.body).toEqual({
      message: 'மொத்தத் தொகை மாறிவிட்டது: இப்போது $18.59. தயவுசெய்து உங்கள் ஆர்டரைச் சரிபாருங்கள்.',
      code: 'drinks.total',
    });
    await nothingHeld();
  });
});

describe(`a rate limit's answer in the language of the page, on ${TEST_DATABASE}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_STARTS_PER_10_MINUTES: '1' });
  });
  afterAll(() => t.close());

  it('says in Hindi that too many payments were started, with its code and Retry-After; English as before', async () => {
    const start = (language?: string) => {
      const request = t.http.post('/api/party-payment-intent').set('X-Forwarded-For', '198.51.100.41');
      return (language ? request.set('Accept-Language', language) : request).send({});
    };
    expect((await start('hi')).status).toBe(400);
    const hindi = await start('hi');
    expect(hindi.status).toBe(429);
    expect(hindi.headers['retry-after']).toMatch(/^\d+$/);
    expect(hindi.body).toEqual({
      message: 'इस पते से बहुत सारे भुगतान शुरू किए गए हैं। कृपया कुछ मिनट रुककर फिर कोशिश करें।',
      code: 'limits.payment-start',
    });
    expect((await start()).body).toEqual({
      message: 'Too many payments started from this address. Please wait a few minutes and try again.',
    });
  });
});
