import {
  FEAST_FUNNEL_STEPS,
  PARTY_FUNNEL_STEPS,
  type AnalyticsEvent,
  type AnalyticsEventsSummary,
  type AttributionRow,
  type FeastOrder,
  type FunnelEntry,
  type PartyTicketRow,
} from '@festival/contracts';
import { seedDemoData } from '../src/demo/demo-seed.js';
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

  async function get<T>(path: string): Promise<T> {
    return (await t.http.get(path).set('Cookie', cookie).expect(200)).body as T;
  }

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
      dispute: null,
      pickedUpAt: null,
      pickedUpBy: null,
    });
    const dates = orders.body.map((o: { createdAt: string }) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    await t.http
      .get('/api/party-tickets')
      .set('Cookie', cookie)
      .expect(200)
      .expect((res) => expect(res.body).toHaveLength(46));
    await t.http
      .get('/api/admin/abandoned-carts')
      .set('Cookie', cookie)
      .expect(200)
      .expect((res) => expect(res.body).toHaveLength(12));

    const again = await seedDemoData(t.dataSource);
    expect(again).toEqual({ seeded: false, message: expect.stringMatching(/already holds 122 orders/) });
  });

  it('seeds a few thousand analytics events that fill every report the dashboard reads', async () => {
    const funnel = await get<FunnelEntry[]>('/api/analytics/funnel');
    const count = (eventType: string) => funnel.find((entry) => entry.eventType === eventType)?.count ?? 0;
    const total = funnel.reduce((sum, entry) => sum + entry.count, 0);
    expect(total).toBeGreaterThan(2000);
    expect(total).toBeLessThan(10_000);
    for (const step of [...FEAST_FUNNEL_STEPS, ...PARTY_FUNNEL_STEPS]) expect(count(step)).toBeGreaterThan(0);
    expect(count('catering_clicked')).toBeGreaterThan(0);
    // Each step has fewer events than the one before it, and the last is exactly the orders.
    for (const steps of [FEAST_FUNNEL_STEPS, PARTY_FUNNEL_STEPS]) {
      const counts = steps.map(count);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    }
    expect(count('order_completed')).toBe(64);
    expect(count('party_order_completed')).toBe(46);
    // So the drop-off section has carts and checkouts left over beyond the completed orders.
    expect(count('add_to_cart')).toBeGreaterThan(64);
    expect(count('party_checkout_started')).toBeGreaterThan(46);

    // Attribution across the marketing links, search, reviews and direct visits, with conversions.
    const attribution = await get<AttributionRow[]>('/api/analytics/attribution');
    const row = (source: string, medium: string, campaign: string | null) =>
      attribution.find((r) => r.source === source && r.medium === medium && r.campaign === campaign);
    for (const [source, medium] of [
      ['facebook', 'social'],
      ['instagram', 'social'],
      ['twitter', 'social'],
      ['whatsapp', 'messaging'],
      ['email', 'email'],
      ['sms', 'text'],
    ]) {
      expect(row(source, medium, 'diwali2024')?.pageViews).toBeGreaterThan(0);
    }
    expect(row('facebook', 'social', 'diwali_party_2024')?.pageViews).toBeGreaterThan(0);
    expect(row('instagram', 'social', 'diwali_party_2024')?.pageViews).toBeGreaterThan(0);
    expect(row('google.com', 'referral', null)?.pageViews).toBeGreaterThan(0);
    expect(row('direct', 'none', null)?.pageViews).toBeGreaterThan(0);
    expect(attribution.reduce((sum, r) => sum + r.conversions, 0)).toBe(64 + 46);

    // Every conversion is one seeded order, tied to the buyer's visit.
    const orders = await get<FeastOrder[]>('/api/orders');
    const completed = await get<AnalyticsEvent[]>('/api/analytics/events/order_completed?limit=500');
    expect(completed.map((e) => e.entityId).sort()).toEqual(orders.map((o) => o.id).sort());
    const tickets = await get<PartyTicketRow[]>('/api/party-tickets');
    const ticketEvents = await get<AnalyticsEvent[]>('/api/analytics/events/party_order_completed?limit=500');
    expect(ticketEvents.map((e) => e.entityId).sort()).toEqual(tickets.map((o) => o.id).sort());
    const [sale] = completed;
    const buyer = orders.find((o) => o.id === sale.entityId)!;
    expect(sale).toMatchObject({ userName: buyer.customerName, userEmail: buyer.customerEmail, userPhone: buyer.customerPhone });
    const visit = await get<AnalyticsEvent[]>('/api/analytics/events/page_view?limit=500');
    expect(visit.some((e) => e.sessionId === sale.sessionId)).toBe(true);

    // Page views carry behaviour, place, address and devices of every kind.
    const views = await get<AnalyticsEvent[]>('/api/analytics/events/page_view?limit=500');
    expect(views).toHaveLength(500);
    expect(views.every((e) => e.scrollDepth !== null && e.timeOnPage !== null && e.pageSections !== null)).toBe(true);
    expect(views.some((e) => e.geoCity !== null && e.geoLatitude !== null)).toBe(true);
    expect(views.every((e) => e.ipAddress !== null && e.userAgent !== null)).toBe(true);
    expect(new Set(views.map((e) => e.device))).toEqual(new Set(['Mobile', 'Tablet', 'Desktop']));
    expect(views.some((e) => e.utmContent !== null)).toBe(true);
    expect(views.some((e) => e.referrer !== null)).toBe(true);

    // The event dialog's header: one group per visit, more events than people.
    const summary = await get<AnalyticsEventsSummary>('/api/analytics/events/add_to_cart/summary');
    expect(summary.totalEvents).toBe(count('add_to_cart'));
    expect(summary.uniqueUsers).toBeGreaterThan(0);
    expect(summary.uniqueUsers).toBeLessThan(summary.totalEvents);
  });

  it('seeds again on top with --force, without colliding with the first demo data', async () => {
    const result = await seedDemoData(t.dataSource, { force: true });
    expect(result.seeded).toBe(true);
    expect(await get<FeastOrder[]>('/api/orders')).toHaveLength(128);
  });
});
