// `npm run loadtest`: the party night against real API replicas on 127.0.0.1, bounded in time.
//   node bench/loadtest.mjs [--guests 500] [--seconds 60] [--replicas 2] [--db mysql|sqlite]
//                           [--capacity 300] [--record]
// MySQL: TEST_DATABASE_URL when set (its tables are dropped first), else a private MariaDB
// started with scripts/mariadb.sh. Exits non-zero when a promise is broken.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { partyNight } from './party-night.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({
  options: {
    guests: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    replicas: { type: 'string', default: '2' },
    db: { type: 'string', default: 'mysql' },
    capacity: { type: 'string', default: '300' },
    record: { type: 'boolean', default: false },
  },
});
const STAFF_PASSWORD = 'loadtest-staff-password';
const work = mkdtempSync(join(tmpdir(), 'festival-load-'));
const stops = [];

async function dropAllTables(url) {
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

async function databaseEnv() {
  if (opts.db === 'sqlite') return { label: 'SQLite (embedded)', env: { SQLITE_PATH: join(work, 'load.sqlite') } };
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = join(work, 'mariadb');
    url = execFileSync('bash', ['scripts/mariadb.sh', 'start', dir], { cwd: ROOT, env: { ...process.env, MARIADB_PORT: '3399' } }).toString().trim().split('\n').pop();
    stops.push(() => execFileSync('bash', ['scripts/mariadb.sh', 'stop', dir], { cwd: ROOT }));
  }
  await dropAllTables(url);
  const version = execFileSync('bash', ['-c', 'mariadbd --version 2>/dev/null || /usr/sbin/mariadbd --version 2>/dev/null || echo MySQL'], { cwd: ROOT }).toString().trim();
  return { label: `MariaDB ${/Ver\s+(\S+)/.exec(version)?.[1] ?? ''}`.trim(), env: { DATABASE_URL: url } };
}

async function startReplica(port, env) {
  const child = spawn(process.execPath, ['api/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: STAFF_PASSWORD,
      TICKET_CAPACITY: opts.capacity,
      OUTBOX_DIR: join(work, 'outbox'),
      LOG_LEVEL: 'error',
      // Every simulated guest comes from 127.0.0.1: the per-address limits would stop the test.
      ANALYTICS_EVENTS_PER_MINUTE: '10000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  stops.push(() => child.kill('SIGTERM'));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i += 1) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return url;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The API on ${url} did not start`);
}

let exitCode = 0;
try {
  const db = await databaseEnv();
  const baseUrls = [];
  for (let i = 0; i < Number(opts.replicas); i += 1) baseUrls.push(await startReplica(8710 + i, db.env));
  console.log(`Party night: ${opts.guests} guests for ${opts.seconds}s on ${baseUrls.length} replica(s), ${db.label}, capacity ${opts.capacity}`);
  const { figures, broken } = await partyNight({
    baseUrls,
    guests: Number(opts.guests),
    seconds: Number(opts.seconds),
    staffPassword: STAFF_PASSWORD,
    capacity: Number(opts.capacity),
  });
  console.log(`  ${figures.requests} requests, ${figures.throughput} req/s, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`);
  console.log(`  5xx: ${figures.serverErrors}, network errors: ${figures.networkErrors}, paid orders: ${figures.paidOrders}, tickets sold: ${figures.ticketsSold}/${figures.capacity}, sold-out answers: ${figures.soldOutAnswers}`);
  for (const [action, a] of Object.entries(figures.actions)) {
    console.log(`  ${action.padEnd(22)} ${String(a.requests).padStart(7)} req  p50 ${a.p50.toFixed(1).padStart(7)} ms  p99 ${a.p99.toFixed(1).padStart(8)} ms  ${JSON.stringify(a.statuses)}`);
  }
  if (opts.record) {
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    const file = join(ROOT, 'bench', 'results', `loadtest-${opts.db}.json`);
    writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version }, database: db.label, options: opts, figures, broken }, null, 2)}\n`);
    console.log(`  recorded in ${file}`);
  }
  if (broken.length > 0) {
    exitCode = 1;
    for (const b of broken) console.error(`BROKEN: ${b}`);
  } else {
    console.log('  all promises held: no 5xx, no oversold tickets, every paid order present');
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const stop of stops.reverse()) {
    try {
      stop();
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
