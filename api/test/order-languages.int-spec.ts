import type { PartyOrderDetails } from '@festival/contracts';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'order-languages-password';

describe(`the language an order was made in (docs/languages.md), on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD });
    manager = await managerCookie(t, PASSWORD);
  });
  afterAll(() => t.close());

  const details = async (orderId: string) =>
    (await t.http.get(`/api/admin/party-orders/${orderId}`).set('Cookie', manager).expect(200)).body as PartyOrderDetails;

  it('keeps the language party tickets were bought in, English when the page named none, for staff to see', async () => {
    const tamil = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', '198.51.100.21')
      .send(createPartyOrderRequest({ customerEmail: 'selvi@example.com', language: 'ta' }))
      .expect(200);
    const plain = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', '198.51.100.22')
      .send(createPartyOrderRequest({ customerEmail: 'meera@example.com' }))
      .expect(200);
    expect((await details(tamil.body.orderId)).language).toBe('ta');
    expect((await details(plain.body.orderId)).language).toBe('en');
  });

  it('refuses a language the site does not speak with a clear 400, and holds no tickets', async () => {
    const before = (await t.http.get('/api/party-ticket-stats').expect(200)).body;
    const refused = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', '198.51.100.23')
      .send({ ...createPartyOrderRequest({ customerEmail: 'guest@example.com' }), language: 'fr' })
      .expect(400);
    expect(refused.body).toEqual({ message: 'language: must be one of en, hi, ta' });
    expect((await t.http.get('/api/party-ticket-stats').expect(200)).body).toEqual(before);
  });
});
