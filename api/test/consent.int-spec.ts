import { priceFeastOrder, type FeastCatalog } from '@festival/contracts';
import { ConsentRecordEntity } from '../src/modules/privacy/consent-record.entity.js';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'consent-staff-password';
let address = 0;
const nextAddress = () => `198.51.100.${(address++ % 250) + 1}`;

describe(`the news box's answers on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  const records = () => t.dataSource.getRepository(ConsentRecordEntity).find({ order: { id: 'ASC' } });

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, TICKET_CAPACITY: '6', HOLD_TICKETS_PER_ADDRESS: '100' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records a party buyer who ticked the box, and one who did not, with the page, the time and the policy version', async () => {
    const before = Date.now();
    const yes = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send(createPartyOrderRequest({ customerEmail: 'Meena.Iyer@Example.com', adultTickets: 1, childTickets: 0, newsConsent: true }))
      .expect(200);
    const no = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send(createPartyOrderRequest({ customerEmail: 'ravi@example.com', adultTickets: 1, childTickets: 0 }))
      .expect(200);

    const [agreed, silent] = await records();
    expect(agreed).toMatchObject({
      email: 'meena.iyer@example.com',
      phone: '(408) 555-0101',
      agreed: true,
      page: 'party',
      policyVersion: expect.stringMatching(/\S/),
      subjectId: yes.body.orderId,
    });
    expect(agreed.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(silent).toMatchObject({ email: 'ravi@example.com', agreed: false, page: 'party', subjectId: no.body.orderId });
  });

  it('refuses an answer that is not true or false with a 400, and holds nothing', async () => {
    const count = (await records()).length;
    const res = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send({ ...createPartyOrderRequest({ customerEmail: 'odd@example.com', adultTickets: 1, childTickets: 0 }), newsConsent: 'yes' })
      .expect(400);
    expect(res.body.message).toBe('newsConsent: Expected boolean, received string');
    expect(await records()).toHaveLength(count);
  });

  it('records the feast pack checkout and the waitlist answers', async () => {
    const manager = await managerCookie(t, PASSWORD);
    await t.http
      .put('/api/admin/feast-packs')
      .set('Cookie', manager)
      .send({
        open: true,
        packs: [{ name: 'Vegetarian Feast Pack', description: 'Paneer, biryani, breads, sweets', price: 3999, vegetarian: true }],
        slots: [{ date: '2026-11-07', time: '13:30', capacity: 40 }],
      })
      .expect(200);
    const catalog = (await t.http.get('/api/feast-packs').expect(200)).body as FeastCatalog;
    const [pack] = catalog.packs;
    const feast = await t.http
      .post('/api/feast-order-intent')
      .set('X-Forwarded-For', nextAddress())
      .send({
        customerName: 'Lakshmi Rao',
        customerEmail: 'lakshmi@example.com',
        customerPhone: '(408) 555-0199',
        items: [{ packId: pack.id, quantity: 1 }],
        slotId: catalog.slots[0].id,
        totalAmount: priceFeastOrder([{ price: pack.price, quantity: 1 }], catalog.taxRateBasisPoints).totalCents,
        newsConsent: true,
      })
      .expect(200);

    // The six tickets are taken: the party is sold out, so the line opens.
    await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send(createPartyOrderRequest({ customerEmail: 'last@example.com', adultTickets: 4, childTickets: 0 }))
      .expect(200);
    await t.http
      .post('/api/party-waitlist')
      .set('X-Forwarded-For', nextAddress())
      .send({ name: 'Kavya', email: 'kavya@example.com', tickets: 2, newsConsent: true })
      .expect(200);

    const rows = await records();
    expect(rows.find((r) => r.page === 'feast')).toMatchObject({
      email: 'lakshmi@example.com',
      phone: '(408) 555-0199',
      agreed: true,
      subjectId: feast.body.orderId,
    });
    expect(rows.find((r) => r.page === 'waitlist')).toMatchObject({ email: 'kavya@example.com', phone: null, agreed: true });
    expect(rows.find((r) => r.email === 'last@example.com')).toMatchObject({ agreed: false, page: 'party' });
  });
});
