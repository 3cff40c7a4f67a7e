import { DEFAULT_SITE_CONFIG } from '@festival/contracts';
import { FestivalMetrics } from '../src/common/metrics/festival-metrics.js';
import { TicketCodes } from '../src/modules/codes/ticket-codes.js';
import { MetricsServer } from '../src/modules/metrics/metrics-server.js';
import { SiteService } from '../src/modules/settings/site.service.js';
import { randomUUID } from 'node:crypto';
import { createDrinkPaymentRequest, createTabOrderRequest, openTab, TEST_CARD } from './support/drinks.js';
import { createPartyOrderRequest } from './support/factories.js';
import { freePort, parseScrape, valueOf, type Scrape } from './support/prometheus-text.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'metrics-staff-password-2025';

describe(`Prometheus metrics through a party night on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let port: number;
  let door: string;
  let manager: string;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', METRICS_PORT: String(port) });
    manager = await managerCookie(t, PASSWORD);
    door = await deviceCookie(t, manager, 'Door 1', 'door');
    await t.app.get(SiteService).update({
      ...DEFAULT_SITE_CONFIG,
      party: {
        ...DEFAULT_SITE_CONFIG.party,
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      },
    });
  });
  afterAll(() => t.close());

  async function scrape(): Promise<Scrape> {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return parseScrape(await response.text());
  }

  it('serves Prometheus text on its own port only: the public port answers 404 for /metrics', async () => {
    expect(t.app.get(MetricsServer).port()).toBe(port);
    const scraped = await scrape();
    expect(scraped.get('festival_http_requests_total')?.type).toBe('COUNTER');
    expect(scraped.get('festival_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // prom-client's process metrics, the event-loop lag among them.
    expect(scraped.get('nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
    expect(scraped.get('process_cpu_seconds_total')?.type).toBe('COUNTER');
    // This replica's database connections: SQLite is one; a MySQL pool has opened at least one.
    expect(valueOf(scraped, 'festival_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);

    await t.http.get('/metrics').expect(404);
    await t.http.get('/api/metrics').expect(404);
    expect((await fetch(`http://127.0.0.1:${port}/api/site`)).status).toBe(404);
  });

  it('moves with a scripted night: one ticket sale, one check-in, one drink; requests counted by route template', async () => {
    const before = await scrape();

    // A guest buys 2 adult and 1 child tickets.
    const request = createPartyOrderRequest();
    const created = await t.http.post('/api/party-payment-intent').send(request).expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: created.body.clientSecret, ...TEST_CARD })
      .expect(200);
    const confirmed = await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
    const orderId = created.body.orderId as string;
    const ticketCents = confirmed.body.totalCents as number;
    expect(ticketCents).toBeGreaterThan(0);

    // The door scans the ticket: its three guests come in.
    const code = t.app.get(TicketCodes).codeFor(orderId);
    await t.http.post('/api/admin/check-ins').set('Cookie', door).send({ code }).expect(200);

    // A guest pays for drinks at the table, and follows the order's status.
    const drinks = createDrinkPaymentRequest();
    const drink = await t.http.post('/api/drink-payment-intent').send(drinks).expect(200);
    const drinkPaid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: drink.body.clientSecret, ...TEST_CARD })
      .expect(200);
    await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: drinkPaid.body.id }).expect(200);
    const drinkId = drink.body.orderId as string;
    await t.http.get(`/api/drink-orders/${drinkId}/status`).set('X-Client-Secret', drink.body.clientSecret).expect(200);
    // Both payments' events arrive too (delivered in the background): they must count nothing more.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

    expect(moved('festival_orders_total', { kind: 'party', outcome: 'paid' })).toBe(1);
    expect(moved('festival_payments_total', { kind: 'party', outcome: 'succeeded' })).toBe(1);
    expect(moved('festival_sales_cents_total', { kind: 'party' })).toBe(ticketCents);
    expect(moved('festival_check_ins_total', { mode: 'online' })).toBe(1);
    expect(moved('festival_guests_admitted_total', { mode: 'online' })).toBe(3);
    expect(moved('festival_orders_total', { kind: 'drinks', outcome: 'paid' })).toBe(1);
    expect(moved('festival_sales_cents_total', { kind: 'drinks' })).toBe(drinks.total);
    expect(moved('festival_payments_total', { kind: 'drinks', outcome: 'succeeded' })).toBe(1);
    expect(moved('festival_payments_total', { kind: 'party', outcome: 'failed' })).toBe(0);

    // The drink waits at the bar; the ticket's confirmation e-mail has a queue of its own.
    expect(valueOf(after, 'festival_bar_open_orders', { bar_status: 'new' })).toBe(1);
    const queues = after.get('festival_mail_queue_backlog')!.metrics.map((m) => m.labels.queue);
    expect(queues).toEqual(
      expect.arrayContaining(['confirmation_emails', 'drinks_receipts', 'my_tickets_link_emails', 'campaign_recipients']),
    );
    expect(valueOf(after, 'festival_open_tabs')).toBe(0);

    // Requests by the route as declared, never the URL with its ids.
    expect(moved('festival_http_requests_total', { route: '/api/admin/check-ins', method: 'POST', status: '200' })).toBe(1);
    expect(moved('festival_http_requests_total', { route: '/api/drink-orders/:orderId/status', method: 'GET', status: '200' })).toBe(1);
    expect(after.get('festival_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The text parser folds a labelled histogram's series into one: its count per route is read from the registry.
    const latency = await t.app.get(FestivalMetrics).registry.getSingleMetric('festival_http_request_duration_seconds')!.get();
    const counted = (latency.values as { value: number; labels: Record<string, unknown>; metricName?: string }[]).filter(
      (v) => v.metricName === 'festival_http_request_duration_seconds_count' && v.labels.route === '/api/party-payment-intent',
    );
    expect(counted.map((v) => v.value)).toEqual([1]);
    const routes = after.get('festival_http_requests_total')!.metrics.map((m) => m.labels.route);
    expect(routes.filter((route) => route.includes(orderId) || route.includes(drinkId))).toEqual([]);
  });

  it('counts the rest of the night once each: a declined card, a comp, a cash door sale, a tab and its charge, a staff refund', async () => {
    const before = await scrape();
    const moved = async (name: string, labels: Record<string, string>) =>
      valueOf(await scrape(), name, labels) - valueOf(before, name, labels);

    // A declined card: counted when the gateway's event arrives (in the background).
    const declined = await t.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest()).expect(200);
    await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: declined.body.clientSecret, ...TEST_CARD, cardNumber: '4000 0000 0000 0002' })
      .expect(402);
    for (let wait = 0; wait < 50 && (await moved('festival_payments_total', { kind: 'drinks', outcome: 'failed' })) === 0; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await moved('festival_payments_total', { kind: 'drinks', outcome: 'failed' })).toBe(1);

    // A comp and a cash sale at the door; the same requestId again makes (and counts) nothing more.
    const comp = {
      customerName: 'Lakshmi Iyer',
      customerEmail: 'lakshmi@example.com',
      adults: 2,
      children: 0,
      reason: 'Family of the chef',
      requestId: randomUUID(),
    };
    await t.http.post('/api/admin/party-orders/comps').set('Cookie', manager).send(comp).expect(200);
    await t.http.post('/api/admin/party-orders/comps').set('Cookie', manager).send(comp).expect(200);
    const cash = { adults: 1, children: 1, paymentMethod: 'cash', customerName: 'Walk-in Ravi', requestId: randomUUID() };
    const sold = await t.http.post('/api/admin/door-sales').set('Cookie', door).send(cash).expect(200);
    await t.http.post('/api/admin/door-sales').set('Cookie', door).send(cash).expect(200);
    expect(await moved('festival_orders_total', { kind: 'comp', outcome: 'paid' })).toBe(1);
    expect(await moved('festival_orders_total', { kind: 'door_sale', outcome: 'paid' })).toBe(1);
    expect(await moved('festival_sales_cents_total', { kind: 'door_sale' })).toBe(sold.body.totalCents);
    // Cash is no gateway payment.
    expect(await moved('festival_payments_total', { kind: 'door_sale', outcome: 'succeeded' })).toBe(0);

    // A tab: open while it is, one order on it, then closed and charged once.
    const { tabId, tabToken } = await openTab(t);
    expect(valueOf(await scrape(), 'festival_open_tabs')).toBe(1);
    const onTab = createTabOrderRequest(tabToken);
    await t.http.post(`/api/drink-tab/${tabId}/orders`).send(onTab).expect(201);
    const closed = await t.http.post(`/api/admin/drink-tabs/${tabId}/close`).set('Cookie', manager).expect(200);
    expect(await moved('festival_orders_total', { kind: 'drinks', outcome: 'on_tab' })).toBe(1);
    expect(await moved('festival_orders_total', { kind: 'tab', outcome: 'paid' })).toBe(1);
    expect(await moved('festival_sales_cents_total', { kind: 'tab' })).toBe(closed.body.chargedCents);
    expect(valueOf(await scrape(), 'festival_open_tabs')).toBe(0);

    // A staff refund of a paid drinks order.
    const drink = await t.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest()).expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: drink.body.clientSecret, ...TEST_CARD })
      .expect(200);
    await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId: paid.body.id }).expect(200);
    await t.http.post(`/api/admin/drink-orders/${drink.body.orderId}/refund`).set('Cookie', manager).expect(200);
    expect(await moved('festival_refunds_total', { kind: 'drinks', source: 'staff' })).toBe(1);
    expect(await moved('festival_payments_total', { kind: 'drinks', outcome: 'refunded' })).toBe(1);
    expect(await moved('festival_refunded_cents_total', { kind: 'drinks' })).toBe(createDrinkPaymentRequest().total);
  });

  it('labels an API path no route takes as unrouted, and any other path as static, whatever the URL', async () => {
    const before = await scrape();
    await t.http.get('/api/no-such-thing/12345').expect(404);
    await t.http.get('/no-such-page/12345').expect(404);
    const scraped = await scrape();
    const moved = (labels: Record<string, string>) =>
      valueOf(scraped, 'festival_http_requests_total', labels) - valueOf(before, 'festival_http_requests_total', labels);
    expect(moved({ route: 'unrouted', method: 'GET', status: '404' })).toBe(1);
    expect(moved({ route: 'static', method: 'GET', status: '404' })).toBe(1);
    const routes = scraped.get('festival_http_requests_total')!.metrics.map((m) => m.labels.route);
    expect(routes.some((route) => /no-such/.test(route))).toBe(false);
  });
});
