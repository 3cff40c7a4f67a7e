import type { DataSource } from 'typeorm';
import { concretePath, registeredRoutes, type RegisteredRoute } from './support/routes.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'staff-password-for-bad-input';

/** Field names used across the API's request schemas. */
const FIELDS = [
  'customerName',
  'customerEmail',
  'customerPhone',
  'adultTickets',
  'childTickets',
  'totalAmount',
  'promoCode',
  'sessionId',
  'paymentIntentId',
  'type',
  'password',
  'eventType',
  'pageViewId',
  'scrollDepth',
  'timeOnPage',
  'pageSections',
  'utmSource',
  'referrer',
  'metadata',
  'name',
  'subject',
  'content',
  'recipientEmails',
  'email',
  'items',
  'total',
  'tableNumber',
  'tabId',
  'setupIntentId',
  'clientSecret',
  'cardNumber',
  'expiry',
  'cvc',
  'available',
  'status',
  'quantity',
  'price',
  'id',
];

const HOSTILE_VALUES: unknown[] = [
  -1,
  -0.5,
  12.345,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  'x'.repeat(100_000),
  "' OR '1'='1'; DROP TABLE party_orders; --",
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  '\u0000\u0007\u001b[31m\u202e💥 ｆｕｌｌｗｉｄｔｈ',
  true,
  null,
  [],
  Array.from({ length: 5_000 }, (_, i) => i),
  { nested: { deeper: { deepest: 'x' } } },
];

/** A batch of bodies that are wrong in every way we can think of. */
function hostileBodies(): { label: string; raw?: string; json?: unknown }[] {
  const bodies: { label: string; raw?: string; json?: unknown }[] = [
    { label: 'malformed JSON', raw: '{"customerName": "Asha", ' },
    { label: 'JSON null', raw: 'null' },
    { label: 'a JSON string', json: 'just a string' },
    { label: 'a JSON number', raw: '42' },
    { label: 'an array', json: [{ a: 1 }] },
    { label: 'an empty object', json: {} },
    { label: 'prototype pollution', raw: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}' },
  ];
  HOSTILE_VALUES.forEach((value, i) => {
    bodies.push({ label: `every field as hostile value #${i}`, json: Object.fromEntries(FIELDS.map((f) => [f, value])) });
  });
  bodies.push({ label: 'extra fields only', json: { isAdmin: true, role: 'admin', discount: 100 } });
  return bodies;
}

const HOSTILE_PARAMS = ["1' OR '1'='1", '../../etc/passwd', '%00', '<b>x</b>', '-1', '9'.repeat(40)];

/**
 * What a refused request is meant to write: a wrong password is on the activity log. (Every
 * login and device-pass attempt is also counted against the address's limit, in `rate_limits`,
 * which has no entity and so is not among the tables compared.)
 */
const RECORDS_REFUSALS: Record<string, string[]> = {
  'POST /api/admin/login': ['staff_activity'],
};

async function tableCounts(dataSource: DataSource, route?: string): Promise<Record<string, number>> {
  const skipped = new Set(route ? (RECORDS_REFUSALS[route] ?? []) : []);
  const tables = dataSource.entityMetadatas.map((meta) => meta.tableName).filter((table) => !skipped.has(table));
  // One statement for every table: the walk takes this before and after each of its ~10,000 requests.
  const columns = tables.map((table, i) => `(SELECT COUNT(*) FROM ${dataSource.driver.escape(table)}) AS c${i}`);
  const [row] = (await dataSource.query(`SELECT ${columns.join(', ')}`)) as Record<string, number | string>[];
  return Object.fromEntries(tables.map((table, i) => [table, Number(row[`c${i}`])]));
}

function checkAnswer(route: string, label: string, status: number, body: unknown, text: string, contentType: string) {
  const context = `${route} with ${label}`;
  if (status >= 500) throw new Error(`${context} answered ${status}: ${text.slice(0, 300)}`);
  if (/\n\s+at |node_modules|QueryFailedError|SQLITE_|ER_[A-Z_]+/.test(text)) {
    throw new Error(`${context} leaked internals: ${text.slice(0, 300)}`);
  }
  // Pages meant for people (the unsubscribe page) explain themselves in HTML.
  if (status >= 400 && !contentType.startsWith('text/html')) {
    const message = (body as { message?: unknown } | undefined)?.message;
    if (typeof message !== 'string' || message.length === 0)
      throw new Error(`${context} answered ${status} without a JSON message: ${text.slice(0, 200)}`);
  }
}

describe(`bad input on every route, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let cookie: string;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    // The walk sends thousands of requests from one address: the per-address limits (proven by
    // abuse.int-spec.ts) would answer 429 before the input is looked at.
    t = await createTestApp({
      ADMIN_PASSWORD: PASSWORD,
      LOGIN_ATTEMPTS_PER_15_MINUTES: '100000',
      ANALYTICS_EVENTS_PER_MINUTE: '100000',
      PAYMENT_STARTS_PER_10_MINUTES: '100000',
      MY_TICKETS_LINKS_PER_ADDRESS_PER_HOUR: '100000',
      MY_TICKETS_LINKS_PER_EMAIL_PER_HOUR: '100000',
    });
    const login = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
    cookie = String(login.headers['set-cookie']).split(';')[0];
    routes = registeredRoutes(t.app);
  });
  afterAll(() => t.close());

  // The walk sends ~10,000 requests one after another; it is cut in parts, each route in one of
  // them, so that each part has its own time limit.
  const PARTS = 6;
  for (let part = 0; part < PARTS; part += 1) {
    it(`never answers 5xx, always explains a 4xx in JSON, and writes nothing for a refused request (routes, part ${part + 1} of ${PARTS})`, async () => {
      const walked = routes.filter((_, i) => i % PARTS === part);
      expect(walked.length).toBeGreaterThan(0);
      expect(await walk(walked)).toBeGreaterThan(500 / PARTS);
    }, 300_000);
  }

  async function walk(walked: RegisteredRoute[]): Promise<number> {
    let tried = 0;
    for (const route of walked) {
      const name = `${route.method} ${route.path}`;
      if (route.path === '/api/admin/logout') continue; // would end the session the walk uses
      const paths = route.path.includes(':')
        ? [concretePath(route.path), ...HOSTILE_PARAMS.map((p) => route.path.replace(/:(\w+)/g, encodeURIComponent(p)))]
        : [route.path, `${route.path}?limit=-5&before=abc&offset=1e9&eventType=%27%3B--`];
      for (const path of paths) {
        const bodies =
          route.method === 'GET' || route.method === 'DELETE'
            ? [{ label: 'no body' as string, json: undefined as unknown, raw: undefined as string | undefined }]
            : hostileBodies();
        for (const body of bodies) {
          for (const asStaff of [false, true]) {
            const before = await tableCounts(t.dataSource, name);
            let req = t.http[route.method.toLowerCase() as 'post'](path);
            if (asStaff) req = req.set('Cookie', cookie);
            if (body.raw !== undefined) req = req.set('Content-Type', 'application/json').send(body.raw);
            else if (body.json !== undefined) req = req.send(body.json as object);
            const res = await req;
            tried += 1;
            checkAnswer(
              name,
              `${body.label}${asStaff ? ' (staff)' : ''} at ${path.slice(0, 80)}`,
              res.status,
              res.body,
              res.text,
              String(res.headers['content-type'] ?? ''),
            );
            if (res.status >= 400) {
              expect({ route: name, label: body.label, counts: await tableCounts(t.dataSource, name) }).toEqual({
                route: name,
                label: body.label,
                counts: before,
              });
            }
          }
        }
      }
    }
    console.log(`bad-input walk: ${tried} requests over ${walked.length} routes, no 5xx`);
    return tried;
  }

  it('answers an oversized body with a JSON 413 on any route', async () => {
    for (const route of routes.filter((r) => r.method === 'POST')) {
      const res = await t.http
        .post(concretePath(route.path))
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ blob: 'x'.repeat(3 * 1024 * 1024) }));
      expect({ route: route.path, status: res.status, message: typeof res.body.message }).toEqual({
        route: route.path,
        status: 413,
        message: 'string',
      });
    }
  });
});
