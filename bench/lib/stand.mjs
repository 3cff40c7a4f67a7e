// The test stand shared by the load, fault and API benchmarks: a private work directory, the
// database (SQLite, TEST_DATABASE_URL, or a private MariaDB started with scripts/mariadb.sh),
// API processes started from the built `api/dist/main.js` on 127.0.0.1, a staff session, and
// a list of checks printed as they are made. Everything started is stopped by `stand.stop()`.
//   const stand = await createStand({ db: 'mysql', mariadbPort: 3399 });
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const STAFF_PASSWORD = 'bench-staff-password';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function dropAllTables(url) {
  const conn = await mysql.createConnection(url);
  try {
    const [rows] = await conn.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()');
    await conn.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const { name } of rows) await conn.query(`DROP TABLE IF EXISTS \`${name}\``);
    await conn.query('SET FOREIGN_KEY_CHECKS = 1');
  } finally {
    await conn.end();
  }
}

export function mariadbVersion() {
  const version = execFileSync('bash', ['-c', 'mariadbd --version 2>/dev/null || /usr/sbin/mariadbd --version 2>/dev/null || echo MySQL'], { cwd: ROOT }).toString().trim();
  return `MariaDB ${/Ver\s+(\S+)/.exec(version)?.[1] ?? ''}`.trim();
}

/**
 * @param {{ db?: 'mysql' | 'sqlite', mariadbPort?: number, prefix?: string }} options
 */
export async function createStand({ db = 'mysql', mariadbPort = 3399, prefix = 'festival-stand-' } = {}) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  // mkdtemp makes the directory private to its owner; mariadbd runs as the mysql user and must
  // reach its data directory inside it.
  chmodSync(work, 0o755);
  const stops = [];
  const mariadbDir = join(work, 'mariadb');
  let database;

  if (db === 'sqlite') {
    database = { kind: 'sqlite', label: 'SQLite (embedded)', env: { SQLITE_PATH: join(work, 'stand.sqlite') } };
  } else {
    let url = process.env.TEST_DATABASE_URL;
    let ownServer = false;
    if (!url) {
      url = execFileSync('bash', ['scripts/mariadb.sh', 'start', mariadbDir], { cwd: ROOT, env: { ...process.env, MARIADB_PORT: String(mariadbPort) } })
        .toString()
        .trim()
        .split('\n')
        .pop();
      ownServer = true;
      stops.push(() => execFileSync('bash', ['scripts/mariadb.sh', 'stop', mariadbDir], { cwd: ROOT }));
    }
    await dropAllTables(url);
    database = { kind: 'mysql', label: mariadbVersion(), url, ownServer, dir: mariadbDir, env: { DATABASE_URL: url } };
  }

  /** Starts one API process and waits until it answers /api/health. */
  async function startApi({ port, env = {}, entry = 'api/dist/main.js', stdio = 'ignore' }) {
    const child = spawn(process.execPath, [entry], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...database.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: STAFF_PASSWORD,
        OUTBOX_DIR: join(work, 'outbox'),
        LOG_LEVEL: 'error',
        // Every simulated guest comes from 127.0.0.1: the per-address limits would stop the run.
        ANALYTICS_EVENTS_PER_MINUTE: '10000000',
        ...env,
      },
      stdio: ['ignore', stdio, 'inherit'],
    });
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    const stop = (signal = 'SIGTERM') => {
      if (!exited) child.kill(signal);
    };
    stops.push(() => stop());
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 150 && !exited; i += 1) {
      if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { url, child, stop };
      await sleep(200);
    }
    throw new Error(`The API on ${url} did not start`);
  }

  return {
    work,
    database,
    startApi,
    /** Registers something to stop when the stand stops (last registered, first stopped). */
    onStop(fn) {
      stops.push(fn);
    },
    async stop() {
      for (const fn of stops.reverse()) {
        try {
          await fn();
        } catch {
          // already gone
        }
      }
      await sleep(500);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Logs in as staff and returns the Cookie header value. */
export async function staffCookie(baseUrl, password = STAFF_PASSWORD) {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (!res.ok) throw new Error(`staff login answered ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

/** The promises a script checks, printed as they are checked; `exitCode` is 1 if any broke. */
export function createChecks(title) {
  const results = [];
  if (title) console.log(title);
  return {
    check(ok, what, detail = '') {
      results.push({ ok: Boolean(ok), what, detail });
      console.log(`  ${ok ? '✓' : '✗ BROKEN:'} ${what}${detail ? ` (${detail})` : ''}`);
      return Boolean(ok);
    },
    get broken() {
      return results.filter((r) => !r.ok);
    },
    get results() {
      return results;
    },
    get exitCode() {
      return results.some((r) => !r.ok) ? 1 : 0;
    },
  };
}
