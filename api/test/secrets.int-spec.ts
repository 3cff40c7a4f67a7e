import { Writable } from 'node:stream';
import type { Response } from 'supertest';
import { createLogger } from '../src/common/logger.js';
import { createDrinkPaymentRequest, openTab, TEST_CARD } from './support/drinks.js';
import { createPartyOrderRequest } from './support/factories.js';
import { startStripeStandIn, type StripeStandIn } from '@festival/test-kit';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

// Values that must never leave the API in an answer nor reach a log line.
const ADMIN_PASSWORD = 'staff-Password-9f3Kq';
const WRONG_PASSWORD = 'guessing-Password-7Hv2';
const SESSION_SECRET = 'session-secret-Jq84mZx0Lw2Rb7Tc';
const UNSUBSCRIBE_SECRET = 'unsubscribe-secret-Pd61Yv9Ks3Nf';
const STRIPE_SECRET_KEY = 'sk_test_never_shown_4Rm81';
const STRIPE_WEBHOOK_SECRET = 'whsec_never_shown_Vx27q';
// Card data as a guest types it; the CVC and expiry are unusual enough to search for.
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '11 / 37', cvc: '8071' };
const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expiry: '10 / 38', cvc: '6093' };
const CARD_TRACES = [
  '4242424242424242',
  '4242 4242 4242 4242',
  '4000000000000002',
  '4000 0000 0000 0002',
  '8071',
  '6093',
  '11 / 37',
  '10 / 38',
];

/** Every line the API logs, at the most verbose level, through the production logger's redaction. */
function captureLogs(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

/**
 * Whether `text` holds `secret`. A short all-digit secret (a CVC) is looked for as a value of its own:
 * the same four digits also turn up by chance inside ids, hashes, numbers and a Content-Length, and
 * those are not the guest's card.
 */
function holds(text: string, secret: string): boolean {
  if (!/^\d{1,6}$/.test(secret)) return text.includes(secret);
  return new RegExp(`(?<![\\w.:/+-])${secret}(?![\\w.:/+-])`).test(text);
}

const STACK_FRAME = /\n\s+at\s.+(:\d+:\d+|\(native\))/;
const INTERNALS = [/node_modules/, /\/src\/.+\.(ts|js)/, /QueryFailedError/, /SQLITE_/, /ER_[A-Z_]+/, /TypeORM/i, /\bSELECT\b.+\bFROM\b/i];

/** What a caller can see of an answer: its headers (less its byte count) and its body. */
function visible(res: Response): string {
  const { 'content-length': _length, ...headers } = res.headers as Record<string, unknown>;
  return `${JSON.stringify(headers)}\n${res.text ?? ''}`;
}

function expectNothingSecret(answers: Response[], secrets: string[]): void {
  expect(answers.length).toBeGreaterThan(10);
  for (const res of answers) {
    const text = visible(res);
    for (const secret of secrets)
      expect({ status: res.status, leaked: holds(text, secret) ? secret : null }).toEqual({ status: res.status, leaked: null });
    expect(text).not.toMatch(STACK_FRAME);
    for (const pattern of INTERNALS) expect(res.text ?? '').not.toMatch(pattern);
  }
}

function expectLogsClean(lines: string[], secrets: string[]): void {
  // The capture works: request lines are there.
  expect(lines.some((l) => l.includes('"statusCode"'))).toBe(true);
  for (const line of lines) {
    for (const secret of secrets)
      expect({ leaked: holds(line, secret) ? secret : null, line: line.slice(0, 300) }).toEqual({ leaked: null, line: line.slice(0, 300) });
  }
}

describe(`no answer carries a stack or a secret, no log line holds card data or the staff password, on ${TEST_DATABASE}`, () => {
  describe('with the simulated gateway', () => {
    const logs = captureLogs();
    const answers: Response[] = [];
    let t: TestApp;
    const keep = async (pending: PromiseLike<Response>): Promise<Response> => {
      const res = await pending;
      answers.push(res);
      return res;
    };

    beforeAll(async () => {
      t = await createTestApp(
        { ADMIN_PASSWORD, SESSION_SECRET, UNSUBSCRIBE_SECRET, LOG_LEVEL: 'trace' },
        { logger: createLogger('trace', logs.stream) },
      );
    });
    afterAll(async () => {
      await t.close();
    });

    it('walks the guest and staff flows with card data and passwords in the requests', async () => {
      // Staff: a wrong password, then the right one, then staff reads with the session cookie.
      await keep(t.http.post('/api/admin/login').send({ password: WRONG_PASSWORD })).then((r) => expect(r.status).toBe(401));
      const login = await keep(t.http.post('/api/admin/login').send({ password: ADMIN_PASSWORD }));
      expect(login.status).toBe(200);
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      const sessionId = cookie.split('=')[1];
      for (const path of ['/api/party-tickets', '/api/orders', '/api/admin/drink-tabs', '/api/analytics/funnel', '/api/campaigns']) {
        await keep(t.http.get(path).set('Cookie', cookie));
      }

      // A party order paid with the card form, a declined card, and the confirmation.
      const order = await keep(t.http.post('/api/party-payment-intent').send(createPartyOrderRequest()));
      expect(order.status).toBe(200);
      const declined = await keep(
        t.http.post('/api/payments/simulated/confirm').send({ clientSecret: order.body.clientSecret, ...DECLINED_CARD }),
      );
      expect(declined.status).toBeGreaterThanOrEqual(400);
      const paid = await keep(t.http.post('/api/payments/simulated/confirm').send({ clientSecret: order.body.clientSecret, ...CARD }));
      expect(paid.status).toBe(200);
      const confirmed = await keep(t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }));
      expect(confirmed.body.status).toBe('paid');

      // Drinks paid now and a tab opened with a saved card.
      const drinks = await keep(t.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest()));
      await keep(t.http.post('/api/payments/simulated/confirm').send({ clientSecret: drinks.body.clientSecret, ...CARD }));
      await openTab(t, { ...TEST_CARD, ...CARD });

      // Broken requests that still carry card data: bad JSON, a bad card, a wrong type.
      await keep(
        t.http
          .post('/api/payments/simulated/confirm')
          .set('Content-Type', 'application/json')
          .send(`{"cardNumber":"${CARD.cardNumber}","cvc":"${CARD.cvc}",`),
      );
      await keep(t.http.post('/api/payments/simulated/confirm').send({ clientSecret: 'pi_sim_unknown_secret_x', ...CARD }));
      await keep(t.http.post('/api/payments/simulated/confirm').send({ clientSecret: order.body.clientSecret, ...CARD, expiry: 42 }));
      await keep(t.http.post('/api/admin/login').send({ password: [ADMIN_PASSWORD] }));
      await keep(t.http.post('/api/admin/login').set('Content-Type', 'application/json').send(`{"password":"${ADMIN_PASSWORD}"`));

      expectNothingSecret(answers, [
        ADMIN_PASSWORD,
        WRONG_PASSWORD,
        SESSION_SECRET,
        UNSUBSCRIBE_SECRET,
        t.config.database.type === 'sqlite' ? t.config.database.path : SESSION_SECRET,
        ...CARD_TRACES,
      ]);
      expectLogsClean(logs.lines, [ADMIN_PASSWORD, WRONG_PASSWORD, SESSION_SECRET, UNSUBSCRIBE_SECRET, sessionId, ...CARD_TRACES]);

      // One request id follows the declined payment from the browser's answer through the logs.
      const requestId = declined.headers['x-request-id'];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      type LogLine = { msg?: string; reqId?: string; req?: { id?: string }; res?: { statusCode?: number } };
      const lines = logs.lines.map((line) => JSON.parse(line) as LogLine);
      expect(lines.filter((line) => line.msg?.startsWith('Card declined on ') && line.reqId === requestId)).toHaveLength(1);
      expect(lines.filter((line) => line.req?.id === requestId).map((line) => line.res?.statusCode)).toEqual([declined.status]);
    });

    it('answers an unexpected failure with a plain message, logging the stack but no request data', async () => {
      const before = logs.lines.length;
      // A table the card confirmation needs is gone: its query fails in the database.
      await t.dataSource.query('DROP TABLE simulated_payments');
      const clientSecret = 'pi_sim_1234_secret_Tq9LmW';
      const res = await keep(t.http.post('/api/payments/simulated/confirm').send({ clientSecret, ...CARD }));
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.body).toEqual({ message: expect.any(String) });
      expectNothingSecret(answers.slice(-1).concat(answers), [ADMIN_PASSWORD, ...CARD_TRACES]);
      const newLines = logs.lines.slice(before);
      expect(newLines.some((l) => /"level":50/.test(l))).toBe(true);
      // The failed query is logged for the engineers, without its parameters (secrets, e-mails).
      expect(newLines.some((l) => l.includes('simulated_payments'))).toBe(true);
      expectLogsClean(newLines, [ADMIN_PASSWORD, clientSecret, ...CARD_TRACES]);
    });
  });

  describe('with Stripe configured', () => {
    const logs = captureLogs();
    const answers: Response[] = [];
    let standIn: StripeStandIn;
    let t: TestApp;

    beforeAll(async () => {
      standIn = await startStripeStandIn();
      t = await createTestApp(
        {
          ADMIN_PASSWORD,
          SESSION_SECRET,
          STRIPE_SECRET_KEY,
          STRIPE_PUBLISHABLE_KEY: 'pk_test_shown_to_browsers',
          STRIPE_WEBHOOK_SECRET,
          STRIPE_API_URL: standIn.url,
          LOG_LEVEL: 'trace',
        },
        { logger: createLogger('trace', logs.stream) },
      );
    });
    afterAll(async () => {
      await t.close();
      await standIn.close();
    });

    it('shows browsers the publishable key only, and never the secret key or the webhook secret', async () => {
      const config = await t.http.get('/api/payments/config');
      answers.push(config);
      expect(config.body).toEqual({ mode: 'stripe', publishableKey: 'pk_test_shown_to_browsers' });
      answers.push(await t.http.post('/api/party-payment-intent').send(createPartyOrderRequest()));
      answers.push(
        await t.http
          .post('/api/webhooks/stripe')
          .set('Stripe-Signature', 't=1,v1=forged')
          .send({ id: 'evt_forged', type: 'payment_intent.succeeded' }),
      );
      answers.push(await t.http.post('/api/webhooks/stripe').send({ id: 'evt_unsigned' }));
      answers.push(await t.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest()));
      for (let i = 0; i < 7; i += 1) answers.push(await t.http.get('/api/site'));
      expect(answers.slice(2, 4).map((r) => r.status)).toEqual([400, 400]);

      expectNothingSecret(answers, [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SESSION_SECRET, ADMIN_PASSWORD]);
      expectLogsClean(logs.lines, [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SESSION_SECRET, ADMIN_PASSWORD]);
    });
  });
});
