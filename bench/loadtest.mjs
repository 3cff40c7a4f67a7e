// `npm run loadtest`: the party night against real API replicas on 127.0.0.1, bounded in time.
//   node bench/loadtest.mjs [--guests 500] [--seconds 60] [--replicas 2] [--db mysql|sqlite]
//                           [--capacity 300] [--mariadb-port 3399] [--port 8710] [--record]
// MySQL: TEST_DATABASE_URL when set (its tables are dropped first), else a private MariaDB
// started with scripts/mariadb.sh. Exits non-zero when a promise is broken.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createStand, ROOT, STAFF_PASSWORD } from './lib/stand.mjs';
import { partyNight } from './party-night.mjs';

const { values: opts } = parseArgs({
  options: {
    guests: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    replicas: { type: 'string', default: '2' },
    db: { type: 'string', default: 'mysql' },
    capacity: { type: 'string', default: '300' },
    // The private MariaDB's port and the first API replica's port (the others follow it).
    'mariadb-port': { type: 'string', default: process.env.MARIADB_PORT ?? '3399' },
    port: { type: 'string', default: '8710' },
    record: { type: 'boolean', default: false },
  },
});

let exitCode = 0;
let stand;
try {
  stand = await createStand({ db: opts.db, mariadbPort: Number(opts['mariadb-port']), prefix: 'festival-load-' });
  const db = stand.database;
  const baseUrls = [];
  for (let i = 0; i < Number(opts.replicas); i += 1) {
    baseUrls.push((await stand.startApi({ port: Number(opts.port) + i, env: { TICKET_CAPACITY: opts.capacity } })).url);
  }
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
  await stand?.stop();
}
process.exit(exitCode);
