// `npm run loadtest`: the party night against real API replicas on 127.0.0.1, bounded in time.
//   node bench/loadtest.mjs [--guests 500] [--seconds 60] [--replicas 2] [--db mysql|sqlite]
//                           [--capacity 300] [--mariadb-port 3399] [--port 8710] [--record]
// MySQL: TEST_DATABASE_URL when set (its tables are dropped first), else a private MariaDB
// started with scripts/mariadb.sh. Exits non-zero when a promise is broken.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { runMain } from '@festival/test-kit';
import { createStand, ROOT, STAFF_PASSWORD } from './lib/stand.mjs';
import { partyNight } from './lib/party-night.mjs';

await runMain(
  {
    script: import.meta.url,
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
    stand: (args) => createStand({ db: args.db, mariadbPort: Number(args['mariadb-port']), prefix: 'festival-load-' }),
  },
  async ({ args, stand }) => {
    const db = stand.database;
    const baseUrls = [];
    for (let i = 0; i < Number(args.replicas); i += 1) {
      baseUrls.push((await stand.startApi({ port: Number(args.port) + i, env: { TICKET_CAPACITY: args.capacity } })).url);
    }
    console.log(
      `Party night: ${args.guests} guests for ${args.seconds}s on ${baseUrls.length} replica(s), ${db.label}, capacity ${args.capacity}`,
    );
    const { figures, broken } = await partyNight({
      baseUrls,
      guests: Number(args.guests),
      seconds: Number(args.seconds),
      staffPassword: STAFF_PASSWORD,
      capacity: Number(args.capacity),
    });
    console.log(
      `  ${figures.requests} requests, ${figures.throughput} req/s, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`,
    );
    console.log(
      `  5xx: ${figures.serverErrors}, network errors: ${figures.networkErrors}, paid orders: ${figures.paidOrders}, tickets sold: ${figures.ticketsSold}/${figures.capacity}, sold-out answers: ${figures.soldOutAnswers}`,
    );
    for (const [action, a] of Object.entries(figures.actions)) {
      console.log(
        `  ${action.padEnd(22)} ${String(a.requests).padStart(7)} req  p50 ${a.p50.toFixed(1).padStart(7)} ms  p99 ${a.p99.toFixed(1).padStart(8)} ms  ${JSON.stringify(a.statuses)}`,
      );
    }
    if (args.record) {
      mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
      const file = join(ROOT, 'bench', 'results', `loadtest-${args.db}.json`);
      writeFileSync(
        file,
        `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version }, database: db.label, options: args, figures, broken }, null, 2)}\n`,
      );
      console.log(`  recorded in ${file}`);
    }
    if (broken.length > 0) {
      for (const b of broken) console.error(`BROKEN: ${b}`);
      return 1;
    }
    console.log('  all promises held: no 5xx, no oversold tickets, every paid order present');
  },
);
