import { SharedRateLimits } from '../src/common/rate-limiter.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';
import { redisKeyCount, startRedis, type TestRedis } from './support/redis-server.js';

const PASSWORD = 'marigold-lanterns-2025';
const STARTS = 5;
const LOGINS = 4;
const PAYMENT_LIMITED = { message: 'Too many payments started from this address. Please wait a few minutes and try again.' };
const LOGIN_LIMITED = { message: 'Too many login attempts. Please wait 15 minutes and try again.' };

/** Two API replicas counting in the same place: the database of the run, or the Redis of `env`. */
async function twoReplicas(env: Record<string, string> = {}): Promise<[TestApp, TestApp]> {
  const all = {
    ADMIN_PASSWORD: PASSWORD,
    PAYMENT_STARTS_PER_10_MINUTES: String(STARTS),
    LOGIN_ATTEMPTS_PER_15_MINUTES: String(LOGINS),
    ...env,
  };
  const first = await createTestApp(all);
  const sameDatabase: Record<string, string> = first.config.database.type === 'sqlite' ? { SQLITE_PATH: first.config.database.path } : {};
  return [first, await createTestApp({ ...all, ...sameDatabase }, { keepDatabase: true })];
}

/** Sends `count` requests from one client, alternating the two replicas; answers their statuses (and the last answer). */
async function alternating(replicas: [TestApp, TestApp], count: number, send: (replica: TestApp) => Promise<{ status: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await send(replicas[i % 2])).status);
  return statuses;
}

/** The same proof wherever the counts live: a limit of N holds N in total over two replicas, not N on each. */
async function provesSharedLimits(replicas: [TestApp, TestApp]): Promise<void> {
  const client = '203.0.113.40';
  const starts = await alternating(replicas, 12, (replica) =>
    replica.http.post('/api/party-payment-intent').set('X-Forwarded-For', client).send({}),
  );
  expect(starts.slice(0, STARTS).every((status) => status !== 429)).toBe(true);
  expect(starts.slice(STARTS)).toEqual(Array(12 - STARTS).fill(429));
  for (const replica of replicas) {
    const refused = await replica.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', client)
      .send({})
      .expect(429, PAYMENT_LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
  }
  // Another client is counted on its own.
  await replicas[1].http.post('/api/party-payment-intent').set('X-Forwarded-For', '203.0.113.41').send({}).expect(400);

  const logins = await alternating(replicas, 10, (replica) =>
    replica.http.post('/api/admin/login').set('X-Forwarded-For', client).send({ password: 'guess' }),
  );
  expect(logins).toEqual([...Array<number>(LOGINS).fill(401), ...Array<number>(10 - LOGINS).fill(429)]);
  for (const replica of replicas) {
    const refused = await replica.http
      .post('/api/admin/login')
      .set('X-Forwarded-For', client)
      .send({ password: PASSWORD })
      .expect(429, LOGIN_LIMITED);
    expect(Number(refused.headers['retry-after-login'])).toBeGreaterThan(0);
  }
  await replicas[0].http.post('/api/admin/login').set('X-Forwarded-For', '203.0.113.41').send({ password: PASSWORD }).expect(200);
}

describe(`limits shared by replicas, counted in the database (${TEST_DATABASE})`, () => {
  it('a payment-start limit and a login limit of N hold N in total over two replicas', async () => {
    const replicas = await twoReplicas();
    try {
      await provesSharedLimits(replicas);
    } finally {
      await replicas[1].close();
      await replicas[0].close();
    }
  });

  it('keeps one row per counted client and route, and sweeps the rows whose window has ended', async () => {
    const t = await createTestApp({ PAYMENT_STARTS_PER_10_MINUTES: String(STARTS) });
    try {
      for (let i = 0; i < 3; i += 1) {
        await t.http
          .post('/api/party-payment-intent')
          .set('X-Forwarded-For', `203.0.113.${50 + i}`)
          .send({})
          .expect(400);
        await t.http
          .post('/api/party-payment-intent')
          .set('X-Forwarded-For', `203.0.113.${50 + i}`)
          .send({})
          .expect(400);
      }
      const rows = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM rate_limits'))[0].n);
      expect(await rows()).toBe(3);
      const limits = t.app.get(SharedRateLimits);
      await limits.forgetExpired();
      expect(await rows()).toBe(3);
      await limits.forgetExpired(Date.now() + 10 * 60_000 + 1000);
      expect(await rows()).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('limits counted in a Redis that does not answer', () => {
  it('the API starts and serves: the requests go on uncounted, none waits for Redis', async () => {
    // A port nothing listens on: every connection is refused.
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', PAYMENT_STARTS_PER_10_MINUTES: '1' });
    try {
      for (let i = 0; i < 3; i += 1) {
        const started = Date.now();
        await t.http.post('/api/party-payment-intent').set('X-Forwarded-For', '203.0.113.60').send({}).expect(400);
        expect(Date.now() - started).toBeLessThan(2000);
      }
    } finally {
      await t.close();
    }
  });
});

describe('limits shared by replicas, counted in Redis (REDIS_URL)', () => {
  let redis: TestRedis;

  beforeAll(async () => {
    redis = await startRedis();
  });

  afterAll(async () => {
    await redis?.stop();
  });

  it('a payment-start limit and a login limit of N hold N in total over two replicas, and nothing is counted in the database', async () => {
    const replicas = await twoReplicas({ REDIS_URL: redis.url });
    try {
      await provesSharedLimits(replicas);
      expect(Number((await replicas[0].dataSource.query('SELECT COUNT(*) AS n FROM rate_limits'))[0].n)).toBe(0);
      expect(await redisKeyCount(redis.url)).toBeGreaterThan(0);
    } finally {
      await replicas[1].close();
      await replicas[0].close();
    }
  });
});
