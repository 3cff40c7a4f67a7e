import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

describe(`API foundation on ${TEST_DATABASE}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports health with the database status', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('is alive and ready with every migration applied, and not ready while one is missing', async () => {
    expect((await t.http.get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    const ready = await t.http.get('/api/health/ready').expect(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, migrations: { status: 'up' } } });

    // As after restoring a backup older than this build: its last migration missing.
    const last = t.dataSource.migrations.at(-1)!.name!;
    const [row] = (await t.dataSource.query('SELECT id, timestamp, name FROM migrations WHERE name = ?', [last])) as {
      id: number;
      timestamp: number;
      name: string;
    }[];
    await t.dataSource.query('DELETE FROM migrations WHERE name = ?', [last]);
    try {
      const notReady = await t.http.get('/api/health/ready').expect(503);
      expect(notReady.body).toMatchObject({ status: 'error', error: { migrations: { status: 'down', pending: [last] } } });
      await t.http.get('/api/health/live').expect(200);
    } finally {
      await t.dataSource.query('INSERT INTO migrations (id, timestamp, name) VALUES (?, ?, ?)', [row.id, row.timestamp, row.name]);
    }
    await t.http.get('/api/health/ready').expect(200);
  });

  it('has applied every migration', async () => {
    const pending = await t.dataSource.showMigrations();
    expect(pending).toBe(false);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.http.get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({ message: 'Cannot GET /api/no-such-thing' });
  });

  it('answers malformed JSON with a 400 that says so', async () => {
    const res = await t.http.post('/api/health').set('Content-Type', 'application/json').send('{"unterminated": ').expect(400);
    expect(res.body).toEqual({ message: 'Malformed JSON in request body' });
  });

  it('answers an oversized body with a 413', async () => {
    const res = await t.http
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ blob: 'x'.repeat(3 * 1024 * 1024) }))
      .expect(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it('tags every response with a request id, reusing a sane incoming one', async () => {
    const fresh = await t.http.get('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const reused = await t.http.get('/api/health').set('X-Request-Id', 'trace-12345678');
    expect(reused.headers['x-request-id']).toBe('trace-12345678');
    const refused = await t.http.get('/api/health').set('X-Request-Id', '<script>');
    expect(refused.headers['x-request-id']).not.toBe('<script>');
  });
});
