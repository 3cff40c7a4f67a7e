import { seedDemoData } from '../src/database/demo-seed.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'staff-password-for-tests';

describe(`feast pack orders and demo data on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD });
    const login = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
    cookie = String(login.headers['set-cookie']).split(';')[0];
  });
  afterAll(() => t.close());

  it('starts empty: the embedded default has no demo data', async () => {
    await t.http.get('/api/orders').set('Cookie', cookie).expect(200, []);
  });

  it('seeds demo orders, tickets and abandoned carts the dashboard lists, once', async () => {
    const result = await seedDemoData(t.dataSource);
    expect(result.seeded).toBe(true);

    const orders = await t.http.get('/api/orders').set('Cookie', cookie).expect(200);
    expect(orders.body).toHaveLength(64);
    const [newest] = orders.body;
    expect(newest).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customerName: expect.any(String),
      customerEmail: expect.stringMatching(/@example\.com$/),
      customerPhone: expect.stringMatching(/555-/),
      pickupDate: expect.stringMatching(/^October 1[89]$/),
      pickupTime: expect.any(String),
      items: expect.arrayContaining([{ name: expect.any(String), quantity: expect.any(Number) }]),
      totalAmount: expect.any(Number),
      createdAt: expect.any(String),
    });
    const dates = orders.body.map((o: { createdAt: string }) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    await t.http.get('/api/party-tickets').set('Cookie', cookie).expect(200).expect((res) => expect(res.body).toHaveLength(46));
    await t.http.get('/api/admin/abandoned-carts').set('Cookie', cookie).expect(200).expect((res) => expect(res.body).toHaveLength(12));

    const again = await seedDemoData(t.dataSource);
    expect(again).toEqual({ seeded: false, message: expect.stringMatching(/already holds 122 orders/) });
  });
});
