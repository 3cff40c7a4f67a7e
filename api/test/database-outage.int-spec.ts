import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { HOT_READ_STALE_MS, HOT_READ_TTL_MS } from '../src/common/hot-read.js';
import { createPartyOrderRequest } from './support/factories.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';
import { workerDatabaseUrl } from './support/test-database.js';

const PAGE_VIEW = { eventType: 'party_page_view', sessionId: 'outage-session-1', pageViewId: 'outage-session-1-pv' };
const UNAVAILABLE = { message: 'The service is briefly unavailable. Please try again in a moment.' };

/**
 * A TCP proxy in front of MySQL that can be cut (every connection dropped, new ones refused)
 * and restored on the same port: the database going away and coming back, as the API sees it.
 */
async function startCuttableProxy(
  upstream: URL,
): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const db = connect(Number(upstream.port || 3306), upstream.hostname);
        for (const s of [client, db]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(db).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = undefined;
      if (!closing) return resolve();
      closing.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  await listen();
  return { port, cut: stop, restore: () => (server ? Promise.resolve() : listen()), close: stop };
}

async function eventually<T>(fn: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

if (TEST_DATABASE === 'mysql') {
  describe('the API while MySQL is out of reach, and after it is back', () => {
    let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
    let t: TestApp;

    beforeAll(async () => {
      const url = new URL(workerDatabaseUrl(process.env.TEST_DATABASE_URL!));
      proxy = await startCuttableProxy(url);
      const viaProxy = new URL(url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      t = await createTestApp({ DATABASE_URL: viaProxy.toString() });
    });
    afterAll(async () => {
      await proxy.restore();
      await t.close();
      await proxy.close();
    });

    it('answers a fast, clear JSON 503 while the database is gone, and recovers by itself', async () => {
      await t.http.get('/api/party-ticket-stats').expect(200);
      await proxy.cut();

      // The public hot reads may answer from their in-process cache for up to a second.
      await new Promise((r) => setTimeout(r, HOT_READ_TTL_MS + HOT_READ_STALE_MS + 50));
      const health = await t.http.get('/api/health').expect(503);
      expect(health.body).toEqual({ status: 'degraded', database: 'down' });
      // Alive (no restart for an outage of the database), but not ready for requests.
      await t.http.get('/api/health/live').expect(200);
      const ready = await t.http.get('/api/health/ready').expect(503);
      expect(ready.body).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });
      const started = Date.now();
      const stats = await t.http.get('/api/party-ticket-stats').expect(503);
      expect(stats.body).toEqual(UNAVAILABLE);
      expect(stats.headers['content-type']).toMatch(/application\/json/);
      expect(stats.headers['retry-after']).toBe('5');
      const order = await t.http.post('/api/party-payment-intent').send(createPartyOrderRequest()).expect(503);
      expect(order.body.message).toMatch(/try again/i);
      const event = await t.http.post('/api/analytics').send(PAGE_VIEW).expect(503);
      expect(event.body).toEqual(UNAVAILABLE);
      expect(event.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(5_000);

      await proxy.restore();
      const healthy = await eventually(async () => ((await t.http.get('/api/health')).status === 200 ? true : undefined), 10_000);
      expect(healthy).toBe(true);
      await t.http.get('/api/health/ready').expect(200);
      await t.http.get('/api/party-ticket-stats').expect(200);
      const held = await t.http.post('/api/party-payment-intent').send(createPartyOrderRequest()).expect(200);
      expect(held.body.orderId).toEqual(expect.any(String));
    });
  });
} else {
  describe('the API while its SQLite file is locked by another process', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('answers a clear JSON 503 to a write that cannot get the lock, and works once it is released', async () => {
      // Another process: its own connection to the same file, holding the write lock.
      const other = new DataSource({ type: 'better-sqlite3', database: t.config.database.type === 'sqlite' ? t.config.database.path : '' });
      await other.initialize();
      try {
        await other.query('BEGIN EXCLUSIVE');
        const blocked = await t.http.post('/api/party-payment-intent').send(createPartyOrderRequest()).expect(503);
        expect(blocked.body).toEqual(UNAVAILABLE);
        expect(blocked.headers['retry-after']).toBe('5');
        const event = await t.http.post('/api/analytics').send(PAGE_VIEW).expect(503);
        expect(event.body).toEqual(UNAVAILABLE);
        await other.query('COMMIT');
        await t.http.post('/api/analytics').send(PAGE_VIEW).expect(204);
        await t.http.post('/api/party-payment-intent').send(createPartyOrderRequest()).expect(200);
      } finally {
        await other.destroy();
      }
    });
  });
}
