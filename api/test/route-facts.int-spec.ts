import { Controller, HttpCode, Module, Post } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { routeTables } from '../src/app.factory.js';
import { loadConfig } from '../src/config/app-config.js';
import { ApiRoute, BodyLimit, expressPathPattern, KB, MB, RateLimit } from '../src/common/route-facts.js';
import { RouteCatalog } from '../src/modules/api-docs/route-catalog.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

@Controller('things')
class ThingsController {
  @Post(':id/send')
  @ApiRoute({ tag: 'things', summary: 'Send a thing', response: { empty: true } })
  @BodyLimit(1 * KB, 'a thing')
  @RateLimit('payment-start')
  @HttpCode(204)
  send(): void {}

  @Post()
  plain(): void {}
}

@Module({ imports: [DiscoveryModule], controllers: [ThingsController], providers: [RouteCatalog] })
class ThingsModule {}

describe('route facts: the tables are built from the handlers’ decorators', () => {
  it('reads a handler’s method, full path and declarations', async () => {
    const context = await NestFactory.createApplicationContext(ThingsModule, { logger: false });
    try {
      const routes = context.get(RouteCatalog).routes();
      expect(routes.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/things/:id/send', 'POST /api/things']);
      const [send] = routes;
      expect(send).toMatchObject({
        doc: { method: 'POST', path: '/api/things/:id/send', tag: 'things', summary: 'Send a thing' },
        bodyLimit: { bytes: 1024, why: 'a thing' },
        rateLimit: 'payment-start',
        status: 204,
      });
      const tables = routeTables(routes, loadConfig({ NODE_ENV: 'test', PAYMENT_STARTS_PER_10_MINUTES: '7' }));
      expect(tables.bodyLimits).toEqual([{ method: 'POST', path: /^\/api\/things\/[^/]+\/send$/, bytes: 1024, why: 'a thing' }]);
      expect(tables.rateLimits).toEqual([expect.objectContaining({ method: 'POST', path: send.pattern, limit: 7, windowMs: 600_000 })]);
    } finally {
      await context.close();
    }
  });

  it('matches exactly the Express path, one segment per parameter', () => {
    const pattern = expressPathPattern('/api/campaigns/:id/send');
    expect(pattern.source).toBe('^\\/api\\/campaigns\\/[^/]+\\/send$');
    expect(pattern.test('/api/campaigns/42/send')).toBe(true);
    for (const other of ['/api/campaigns/42/send/x', '/api/campaigns/4/2/send', '/api/campaigns//send', '/x/api/campaigns/1/send'])
      expect(pattern.test(other)).toBe(false);
    expect(expressPathPattern('/api/site.json').test('/api/siteXjson')).toBe(false);
    expect(() => expressPathPattern('/api/files/*rest')).toThrow('no pattern');
  });
});

describe(`route facts in the app on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  const from = (address: string) => ({ 'X-Forwarded-For': address });

  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_STARTS_PER_10_MINUTES: '2', ANALYTICS_EVENTS_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('builds the body limit and rate-limit tables from the controllers', () => {
    const { bodyLimits, rateLimits } = routeTables(t.app.get(RouteCatalog).routes(), t.config);
    expect(bodyLimits.map(({ method, path, bytes }) => [method, path.source, bytes]).sort()).toEqual(
      [
        ['POST', '^\\/api\\/analytics$', 32 * KB],
        ['POST', '^\\/api\\/campaigns$', 2 * MB],
        ['POST', '^\\/api\\/campaigns\\/preview$', 2 * MB],
        ['POST', '^\\/api\\/my-tickets\\/link$', 2 * KB],
        ['POST', '^\\/api\\/my-tickets\\/session$', 2 * KB],
        ['POST', '^\\/api\\/party-payment-intent$', 12 * KB],
        ['POST', '^\\/api\\/party-payment-intent\\/keep-card$', 1 * KB],
        ['POST', '^\\/api\\/party-quote$', 4 * KB],
        ['POST', '^\\/api\\/party-waitlist$', 2 * KB],
        ['POST', '^\\/api\\/webhooks\\/stripe$', 256 * KB],
        ['PUT', '^\\/api\\/admin\\/policies\\/[^/]+$', 256 * KB],
      ].sort(),
    );
    expect(rateLimits.map(({ method, path, limit, windowMs }) => [method, path.source, limit, windowMs]).sort()).toEqual(
      [
        ['POST', '^\\/api\\/analytics$', 2, 60_000],
        ['POST', '^\\/api\\/drink-payment-intent$', 2, 600_000],
        ['POST', '^\\/api\\/drink-tab$', 2, 600_000],
        ['POST', '^\\/api\\/feast-order-intent$', 2, 600_000],
        ['POST', '^\\/api\\/my-tickets\\/link$', 20, 3_600_000],
        ['POST', '^\\/api\\/party-payment-intent$', 2, 600_000],
        ['POST', '^\\/api\\/party-payment-intent\\/keep-card$', 2, 600_000],
        ['POST', '^\\/api\\/party-waitlist$', 2, 600_000],
      ].sort(),
    );
  });

  it('refuses a body over its route’s @BodyLimit ahead of the route’s guard', async () => {
    const over = await t.http
      .post('/api/party-quote')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ promoCode: 'x'.repeat(5 * KB) }))
      .expect(413);
    expect(over.body).toEqual({ message: 'Request body is too large (limit 4 KB)' });
    // A staff route: the limit answers before the session guard, then the guard.
    const content = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes) });
    const huge = await t.http
      .post('/api/campaigns')
      .set('Content-Type', 'application/json')
      .send(content(2 * MB + KB));
    expect([huge.status, huge.body]).toEqual([413, { message: 'Request body is too large (limit 2 MB)' }]);
    await t.http
      .post('/api/campaigns')
      .set('Content-Type', 'application/json')
      .send(content(2 * MB - KB))
      .expect(401);
    // The default elsewhere.
    const other = await t.http
      .post('/api/admin/login')
      .set('Content-Type', 'application/json')
      .send(content(17 * KB));
    expect([other.status, other.body]).toEqual([413, { message: 'Request body is too large (limit 16 KB)' }]);
  });

  it('counts a @RateLimit route per address before its body is read', async () => {
    for (const path of ['/api/drink-tab', '/api/analytics']) {
      for (let i = 0; i < 2; i += 1) {
        const answer = await t.http.post(path).set(from('198.51.100.77')).set('Content-Type', 'application/json').send('{');
        expect(answer.status).toBe(400);
      }
      const limited = await t.http.post(path).set(from('198.51.100.77')).set('Content-Type', 'application/json').send('{');
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    }
    const other = await t.http.post('/api/drink-tab').set(from('198.51.100.78')).set('Content-Type', 'application/json').send('{');
    expect(other.status).toBe(400);
  });

  it('F3: every route that creates a gateway payment, setup or customer for a guest has the payment-start limit', () => {
    // The guest routes whose handlers start something at the payment gateway (startPayment,
    // createPaymentIntent, createSetupIntent or createCustomer): a new one belongs here.
    const startsAGatewayObject = [
      'POST /api/party-payment-intent',
      'POST /api/feast-order-intent',
      'POST /api/drink-payment-intent',
      'POST /api/drink-tab',
      'POST /api/party-payment-intent/keep-card',
    ];
    const limited = t.app
      .get(RouteCatalog)
      .routes()
      .filter((route) => route.rateLimit === 'payment-start')
      .map(({ method, path }) => `${method} ${path}`);
    expect(limited.sort()).toEqual([...startsAGatewayObject].sort());
  });

  it('F3: POST /api/feast-order-intent is throttled per address like the other payment starts', async () => {
    for (let i = 0; i < 2; i += 1) {
      const answer = await t.http
        .post('/api/feast-order-intent')
        .set(from('198.51.100.80'))
        .set('Content-Type', 'application/json')
        .send('{');
      expect(answer.status).toBe(400);
    }
    const limited = await t.http
      .post('/api/feast-order-intent')
      .set(from('198.51.100.80'))
      .set('Content-Type', 'application/json')
      .send('{');
    expect(limited.status).toBe(429);
  });

  it('F2: a trailing slash, a doubled slash, upper case or %2F is no route: no variant gets around the limits or the body limits', async () => {
    const address = from('198.51.100.90');
    for (let i = 0; i < 2; i += 1) await t.http.post('/api/drink-tab').set(address).set('Content-Type', 'application/json').send('{');
    await t.http.post('/api/drink-tab').set(address).set('Content-Type', 'application/json').send('{').expect(429);
    for (const variant of [
      '/api/drink-tab/',
      '//api/drink-tab',
      '/API/DRINK-TAB',
      '/api/Drink-Tab',
      '/api/drink-tab%2F',
      '/api%2Fdrink-tab',
    ]) {
      const answer = await t.http.post(variant).set(address).set('Content-Type', 'application/json').send('{}');
      expect([variant, answer.status]).toEqual([variant, 404]);
    }
    // The body limit cannot be dodged either: the 4 KB route's variants take no body at all.
    const big = JSON.stringify({ customerName: 'x'.repeat(8 * KB) });
    const slashed = await t.http.post('/api/party-quote/').set('Content-Type', 'application/json').send(big);
    expect(slashed.status).toBe(404);
  });
});
