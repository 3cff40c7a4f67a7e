import { createPartyOrderRequest } from './support/factories.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

/**
 * The default messages of the form library (docs/product.md section 5) on the party's ticket
 * counts: `Required` for a missing count, `Expected number, received string` for text; only the
 * rules the product words keep their own messages.
 */
describe(`validation wording of the party ticket counts on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: 'staff-password-for-validation-wording' });
  });
  afterAll(() => t.close());

  const withoutAdults = () => {
    const { adultTickets: _adultTickets, ...rest } = createPartyOrderRequest();
    return rest;
  };

  it('a payment intent with a count as text answers Expected number, received string', async () => {
    const res = await t.http
      .post('/api/party-payment-intent')
      .send({ ...createPartyOrderRequest(), adultTickets: 'two' })
      .expect(400);
    expect(res.body.message).toContain('Expected number, received string');
    expect(res.body).toEqual({ message: 'adultTickets: Expected number, received string' });
  });

  it('a payment intent without adultTickets answers Required', async () => {
    const res = await t.http.post('/api/party-payment-intent').send(withoutAdults()).expect(400);
    expect(res.body.message).toContain('Required');
    expect(res.body).toEqual({ message: 'adultTickets: Required' });
  });

  it('a quote says the same', async () => {
    const text = await t.http.post('/api/party-quote').send({ adultTickets: 'two', childTickets: 0 }).expect(400);
    expect(text.body).toEqual({ message: 'adultTickets: Expected number, received string' });
    const missing = await t.http.post('/api/party-quote').send({ childTickets: 1 }).expect(400);
    expect(missing.body).toEqual({ message: 'adultTickets: Required' });
  });

  it('the rules the product words keep their own messages', async () => {
    const none = await t.http
      .post('/api/party-payment-intent')
      .send(createPartyOrderRequest({ adultTickets: 0, childTickets: 0 }))
      .expect(400);
    expect(none.body).toEqual({ message: 'adultTickets: Please select at least one ticket' });
    const fraction = await t.http
      .post('/api/party-payment-intent')
      .send({ ...createPartyOrderRequest(), adultTickets: 1.5 })
      .expect(400);
    expect(fraction.body).toEqual({ message: 'adultTickets: adultTickets must be a whole number' });
  });
});
