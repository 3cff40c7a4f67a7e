import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A Redis for one spec, emptied: TEST_REDIS_URL's when set, else a private `redis-server` (Debian:
 * apt-get install redis-server) on a free port of 127.0.0.1, without persistence, stopped after.
 */
export async function startRedis(): Promise<TestRedis> {
  const given = process.env.TEST_REDIS_URL;
  if (given) {
    await flush(given);
    return { url: given, stop: async () => {} };
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'festival-redis-'));
  const child = spawn(
    process.env.REDIS_SERVER_PATH ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (error) => reject(new Error(`redis-server could not start (apt-get install redis-server): ${String(error)}`))),
  );
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const up = await Promise.race([
      flush(url).then(
        () => true,
        () => false,
      ),
      failed,
    ]);
    if (up) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`redis-server did not answer on ${url}`);
}

async function flush(url: string): Promise<void> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.flushDb();
  } finally {
    await client.close();
  }
}

/** How many keys a Redis holds. */
export async function redisKeyCount(url: string): Promise<number> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  await client.connect();
  try {
    return await client.dbSize();
  } finally {
    await client.close();
  }
}
