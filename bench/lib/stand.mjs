// The test stand shared by the load, fault and API benchmarks: a private work directory, the
// database (SQLite, TEST_DATABASE_URL, or a private MariaDB started with scripts/mariadb.sh),
// API processes started from the built `api/dist/main.js` on 127.0.0.1, a staff session, and
// a list of checks printed as they are made. Everything started is stopped by `stand.stop()`.
// The stand's own MariaDB can be stopped and started again on its data
// (`stand.database.restart({ downSeconds })`) for the fault scripts.
//   const stand = await createStand({ db: 'mysql', mariadbPort: 3399 });
import { execFile, execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { DEFAULT_REMOTES_MANIFEST } from '@festival/contracts';
import { assembleDocumentRoot, localCertificate, localNginxConfig, localNginxModules, startSmtpSink } from '@festival/test-kit';
import { trustCertificate } from './trust-certificate.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const STAFF_PASSWORD = 'bench-staff-password';
/** The production-mode site's ticket signing key (required in production): a fresh one per run. */
const BENCH_TICKET_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');

const execFileAsync = promisify(execFile);

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @typedef {{ kind: 'sqlite', label: string, env: { SQLITE_PATH: string } }} SqliteDatabase
 * @typedef {object} MysqlDatabase
 * @property {'mysql'} kind
 * @property {string} label
 * @property {string} url
 * @property {boolean} ownServer
 * @property {string} dir
 * @property {{ DATABASE_URL: string }} env
 * @property {() => Promise<void>} stop A clean shutdown of the stand's MariaDB; its data stays.
 * @property {() => Promise<void>} resume Starts the stopped MariaDB again on the same data and port.
 * @property {(options?: { downSeconds?: number, whileDown?: () => Promise<unknown> }) => Promise<{ stopAt: number, downAt: number, upAt: number, during: unknown }>} restart
 *   Stops the database, keeps it down `downSeconds` (running `whileDown` meanwhile, if given)
 *   and starts it again. Returns when it was stopped, back up, and `whileDown`'s result.
 * @typedef {SqliteDatabase | MysqlDatabase} StandDatabase
 * @typedef {{ url: string, child: import('node:child_process').ChildProcess, stop: (signal?: NodeJS.Signals) => void }} ApiProcess
 * @typedef {Awaited<ReturnType<typeof createStand>>} Stand
 * @typedef {Record<string, unknown>} Row
 * @typedef {{ id: string, adultTickets: number, childTickets: number }} TicketRow A row of the staff's paid ticket list
 */

/** @param {string} url */
export async function dropAllTables(url) {
  const conn = await mysql.createConnection(url);
  try {
    const [rows] = /** @type {[{ name: string }[], unknown]} */ (
      await conn.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()')
    );
    await conn.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const { name } of rows) await conn.query(`DROP TABLE IF EXISTS \`${name}\``);
    await conn.query('SET FOREIGN_KEY_CHECKS = 1');
  } finally {
    await conn.end();
  }
}

export function mariadbVersion() {
  const version = execFileSync('bash', ['-c', 'mariadbd --version 2>/dev/null || /usr/sbin/mariadbd --version 2>/dev/null || echo MySQL'], {
    cwd: ROOT,
  })
    .toString()
    .trim();
  return `MariaDB ${/Ver\s+(\S+)/.exec(version)?.[1] ?? ''}`.trim();
}

/**
 * @param {{ db?: string, mariadbPort?: number, prefix?: string }} options `db`: 'mysql' or 'sqlite'
 */
export async function createStand({ db = 'mysql', mariadbPort = 3399, prefix = 'festival-stand-' } = {}) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  // mkdtemp makes it private to root; the MariaDB server runs as `mysql` and must reach its data.
  chmodSync(work, 0o755);
  /** @type {(() => unknown)[]} */
  const stops = [];
  const mariadbDir = join(work, 'mariadb');
  /** @type {StandDatabase} */
  let database;

  if (db === 'sqlite') {
    database = { kind: 'sqlite', label: 'SQLite (embedded)', env: { SQLITE_PATH: join(work, 'stand.sqlite') } };
  } else {
    let url = process.env.TEST_DATABASE_URL;
    let ownServer = false;
    if (!url) {
      try {
        url =
          execFileSync('bash', ['scripts/mariadb.sh', 'start', mariadbDir], {
            cwd: ROOT,
            env: { ...process.env, MARIADB_PORT: String(mariadbPort) },
          })
            .toString()
            .trim()
            .split('\n')
            .pop() ?? '';
      } catch (error) {
        rmSync(work, { recursive: true, force: true });
        throw error;
      }
      ownServer = true;
      stops.push(() => execFileSync('bash', ['scripts/mariadb.sh', 'stop', mariadbDir], { cwd: ROOT }));
    }
    await dropAllTables(url);
    // Asynchronous, so the load and the probes of a fault script go on while the server stops.
    const mariadb = (/** @type {string} */ command) => execFileAsync('bash', ['scripts/mariadb.sh', command, mariadbDir], { cwd: ROOT });
    const ownServerOnly = () => {
      if (!ownServer) throw new Error("Only the stand's own MariaDB can be stopped (unset TEST_DATABASE_URL)");
    };
    /** @type {MysqlDatabase} */
    const mysqlDatabase = {
      kind: 'mysql',
      label: mariadbVersion(),
      url,
      ownServer,
      dir: mariadbDir,
      env: { DATABASE_URL: url },
      /** A clean shutdown of the stand's MariaDB; its data stays. */
      async stop() {
        ownServerOnly();
        await mariadb('stop');
      },
      /** Starts the stopped MariaDB again on the same data and port. */
      async resume() {
        ownServerOnly();
        await mariadb('resume');
      },
      /**
       * Stops the database, keeps it down `downSeconds` (running `whileDown` meanwhile, if given)
       * and starts it again. Returns when it was stopped, back up, and `whileDown`'s result.
       */
      async restart({ downSeconds = 5, whileDown } = {}) {
        const stopAt = Date.now();
        await mysqlDatabase.stop();
        const downAt = Date.now();
        const [during] = await Promise.all([whileDown?.(), sleep(downSeconds * 1000)]);
        await mysqlDatabase.resume();
        return { stopAt, downAt, upAt: Date.now(), during };
      },
    };
    database = mysqlDatabase;
  }

  /**
   * Starts one API process and waits until it answers /api/health.
   * `addressLimits: false` (the default) lifts the per-client-address limits: every simulated
   * guest comes from 127.0.0.1 and they would stop the run. bench/security/abuse.mjs keeps them.
   * `host`: the address it listens on (a replica of its own on 127.0.0.2, 127.0.0.3…, as each
   * compose replica has its own address); `stdio: 'pipe'` keeps its log readable on `child.stdout`.
   * @param {{ port: number, host?: string, env?: Record<string, string>, entry?: string, stdio?: 'ignore' | 'inherit' | 'pipe', addressLimits?: boolean }} options
   * @returns {Promise<ApiProcess>}
   */
  async function startApi({ port, host = '127.0.0.1', env = {}, entry = 'api/dist/main.js', stdio = 'ignore', addressLimits = false }) {
    const child = spawn(process.execPath, [entry], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...database.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: host,
        ADMIN_PASSWORD: STAFF_PASSWORD,
        OUTBOX_DIR: join(work, 'outbox'),
        LOG_LEVEL: 'error',
        ...(addressLimits
          ? {}
          : {
              ANALYTICS_EVENTS_PER_MINUTE: '10000000',
              PAYMENT_STARTS_PER_10_MINUTES: '10000000',
              HOLD_TICKETS_PER_ADDRESS: '10000000',
              DECLINES_PER_ADDRESS_PER_HOUR: '10000000',
              DECLINES_PER_EMAIL_PER_HOUR: '10000000',
            }),
        ...env,
      },
      stdio: ['ignore', stdio, 'inherit'],
    });
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    const stop = (/** @type {NodeJS.Signals} */ signal = 'SIGTERM') => {
      if (!exited) child.kill(signal);
    };
    stops.push(() => stop());
    const url = `http://${host}:${port}`;
    for (let i = 0; i < 150 && !exited; i += 1) {
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return { url, child, stop };
      await sleep(200);
    }
    throw new Error(`The API on ${url} did not start`);
  }

  /**
   * The whole site served the production way, as `npm start` does in production: one API
   * process serving the built shell and remotes (STATIC_ROOT) with NODE_ENV=production. Its
   * mail goes to the test kit's SMTP sink (production refuses to run without SMTP_URL).
   * @param {{ port: number, env?: Record<string, string> }} options
   */
  async function startSite({ port, env = {} }) {
    const smtp = await startSmtpSink();
    stops.push(() => smtp.close());
    return startApi({
      port,
      env: {
        NODE_ENV: 'production',
        STATIC_ROOT: ROOT,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: 'bench-session-secret-of-at-least-thirty-two-chars',
        TICKET_SIGNING_KEY: BENCH_TICKET_KEY,
        ALLOW_SIMULATED_PAYMENTS: 'true',
        SMTP_URL: smtp.url,
        ...env,
      },
    });
  }

  /**
   * nginx with the project's nginx.conf in front of the given API replicas (round robin), after
   * `nginx -t` has accepted the configuration. Needs nginx on PATH (Debian: /usr/sbin).
   * The site is served over HTTPS on `port` with a self-signed certificate made for the run,
   * which this process's fetch trusts from then on (`certificate`, the PEM, is for a worker
   * thread's trust; `spkiSha256` for Chromium's `--ignore-certificate-errors-spki-list`, which
   * takes it as valid); the plain-HTTP server, which only redirects to it, listens
   * on `redirectPort` (by default the port after the highest of `port` and `apiPorts`).
   * The API: `apiPorts`, replicas on 127.0.0.1; or `apiByName`, production's shape kept (the
   * service name `api` looked up through a DNS server, here one on 127.0.0.1 such as the test
   * kit's startDnsStandIn, at the replicas' `port`).
   * `errorLog: 'ignore'` drops nginx's error log (a fault script that stops replicas on purpose
   * would fill the output with the refused connections it expects); `nginx -t` still prints.
   * @param {{ port: number, apiPorts?: number[], apiByName?: { resolverPort: number, port: number }, redirectPort?: number, errorLog?: 'inherit' | 'ignore' }} options
   */
  async function startNginx({
    port,
    apiPorts,
    apiByName,
    redirectPort = Math.max(port, ...(apiPorts ?? [apiByName?.port ?? 0])) + 1,
    errorLog = 'inherit',
  }) {
    const dir = join(work, `nginx-${port}`);
    for (const sub of ['logs', 'cache']) mkdirSync(join(dir, sub), { recursive: true });
    // The builds, as the production image lays them out (the pages are served too, not only /api/).
    assembleDocumentRoot(ROOT, join(dir, 'html'), DEFAULT_REMOTES_MANIFEST);
    const { dir: certificateDir, certificate, spkiSha256 } = localCertificate(dir);
    trustCertificate(certificate);
    const conf = join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      localNginxConfig(readFileSync(join(ROOT, 'nginx.conf'), 'utf8'), {
        workDir: dir,
        documentRoot: join(dir, 'html'),
        listenPort: port,
        redirectPort,
        certificateDir,
        ...(apiByName ? { apiByName } : { apiPorts }),
        // The web image's brotli snippet, where this nginx has its module.
        ...localNginxModules(dir, join(ROOT, 'deploy', 'nginx')),
      }),
    );
    execFileSync('nginx', ['-t', '-q', '-c', conf, '-p', dir], { stdio: 'inherit' });
    const child = spawn('nginx', ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', errorLog] });
    stops.push(() => child.kill('SIGTERM'));
    const url = `https://127.0.0.1:${port}`;
    for (let i = 0; i < 50; i += 1) {
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return { url, redirectUrl: `http://127.0.0.1:${redirectPort}`, certificate, spkiSha256, documentRoot: join(dir, 'html') };
      await sleep(200);
    }
    throw new Error(`nginx on ${url} did not start`);
  }

  return {
    work,
    database,
    startApi,
    startSite,
    startNginx,
    /**
     * Registers something to stop when the stand stops (last registered, first stopped).
     * @param {() => unknown} fn
     */
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

/**
 * Logs in as staff and returns the Cookie header value.
 * @param {string} baseUrl
 */
export async function staffCookie(baseUrl, password = STAFF_PASSWORD) {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (!res.ok) throw new Error(`staff login answered ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

/**
 * @typedef {{ ok: boolean, what: string, detail: string }} CheckResult
 * @typedef {ReturnType<typeof createChecks>} Checks
 */

/**
 * The promises a script checks, printed as they are checked; `exitCode` is 1 if any broke.
 * @param {string} [title]
 */
export function createChecks(title) {
  /** @type {CheckResult[]} */
  const results = [];
  if (title) console.log(title);
  return {
    /**
     * @param {unknown} ok
     * @param {string} what
     */
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

/**
 * The few calls of better-sqlite3 the bench makes (the driver ships no types).
 * @typedef {{ reader: boolean, all(...params: unknown[]): Row[], run(...params: unknown[]): Row }} SqliteStatement
 * @typedef {{ prepare(sql: string): SqliteStatement, pragma(sql: string): unknown, close(): void }} SqliteConnection
 * @typedef {new (path: string, options?: { readonly?: boolean }) => SqliteConnection} SqliteDriver
 */

/** better-sqlite3, from the API's dependencies. */
export const SqliteDatabase = /** @type {SqliteDriver} */ (createRequire(join(ROOT, 'api', 'package.json'))('better-sqlite3'));

/**
 * Direct SQL on the stand's database, for what no API shows (a recipient's attempts) and for
 * setting up a situation (a ticket hold that lapsed). `query` returns rows; `close` when done.
 * @param {StandDatabase} database
 * @returns {Promise<{ query(sql: string, params?: unknown[]): Promise<Row[]>, close(): Promise<void> }>}
 */
export async function openDatabase(database) {
  if (database.kind === 'sqlite') {
    const db = new SqliteDatabase(database.env.SQLITE_PATH);
    db.pragma('busy_timeout = 5000');
    return {
      async query(sql, params = []) {
        const statement = db.prepare(sql);
        return statement.reader ? statement.all(...params) : [statement.run(...params)];
      },
      async close() {
        db.close();
      },
    };
  }
  const conn = await mysql.createConnection(database.url);
  return {
    async query(sql, params = []) {
      const [rows] = await conn.query(sql, params);
      return /** @type {Row[]} */ (Array.isArray(rows) ? rows : [rows]);
    },
    async close() {
      await conn.end();
    },
  };
}

/**
 * Polls `probe` until it returns a truthy value (returned) or `timeoutMs` passes (undefined).
 * @template T
 * @param {() => T | Promise<T>} probe
 * @returns {Promise<T | undefined>}
 */
export async function waitUntil(probe, { timeoutMs = 10_000, everyMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) return undefined;
    await sleep(everyMs);
  }
}
