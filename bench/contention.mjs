// Contention: many buyers racing for the last tickets of the party. The API runs with a
// capacity of `--presold` + `--left` tickets; the presold ones are bought and paid first, then
// `--buyers` buyers each ask for one ticket at the same moment: every connection is opened
// first, then every request is written in one go. Each buyer's time runs from its request to
// the end of its answer: a hold (200) or a sold-out refusal (409).
//   node bench/contention.mjs [--buyers 500] [--left 100] [--presold 200] [--db mysql,sqlite]
//                             [--database mysql://…] [--mariadb-port 3314] [--port 8772] [--record]
// MySQL: --database or TEST_DATABASE_URL (its tables are dropped first), else a private MariaDB.
// Exits non-zero unless exactly `--left` holds exist, every other buyer was told the party is
// sold out, and nothing else happened (no 5xx, no other answer).
import net from 'node:net';
import { median, percentile, runMain } from '@festival/test-kit';
import { commandLine, countBy, record, table } from './lib/results.mjs';
import { createChecks, createStand, openDatabase, staffCookie } from './lib/stand.mjs';

const SOLD_OUT = 'Sorry, the party is sold out';
const CARD = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };

/**
 * @typedef {{ buyers: number, left: number, presold: number, mariadbPort: number }} Race
 */

/**
 * @param {string} base
 * @param {string} path
 * @param {unknown} body
 */
async function post(base, path, body) {
  const res = await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json, text };
}

/**
 * Buys and pays `count` tickets in orders of at most 50, as a guest does in the browser.
 * @param {string} base
 * @param {number} count
 */
async function sellTickets(base, count) {
  let sold = 0;
  for (let n = 0; sold < count; n += 1) {
    const adultTickets = Math.min(50, count - sold);
    const quote = await post(base, '/api/party-quote', { adultTickets, childTickets: 0 });
    const intent = await post(base, '/api/party-payment-intent', {
      customerName: `Early Guest ${n}`,
      customerEmail: `early${n}@example.com`,
      customerPhone: '4085550100',
      adultTickets,
      childTickets: 0,
      totalAmount: quote.body.totalCents,
    });
    if (intent.status !== 200) throw new Error(`selling the first tickets: ${intent.status} ${intent.text}`);
    const paid = await post(base, '/api/payments/simulated/confirm', { clientSecret: intent.body.clientSecret, ...CARD });
    const confirmed = await post(base, '/api/confirm-payment', { paymentIntentId: paid.body.id, type: 'party_ticket' });
    if (confirmed.body?.status !== 'paid') throw new Error(`paying the first tickets: ${confirmed.status} ${confirmed.text}`);
    sold += adultTickets;
  }
}

const connect = (/** @type {number} */ port) =>
  new Promise((/** @type {(socket: net.Socket) => void} */ resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', noDelay: true }, () => resolve(socket));
    socket.once('error', reject);
  });

/**
 * Opens one connection per buyer, then writes every buyer's request at once and collects each
 * answer with its time from the write to the end of the answer.
 * @param {number} port
 * @param {number} totalCents
 * @param {number} buyers
 */
async function race(port, totalCents, buyers) {
  /** @type {net.Socket[]} */
  const sockets = [];
  for (let i = 0; i < buyers; i += 50) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, buyers - i) }, () => connect(port)))));
  }
  const requests = sockets.map((_, i) => {
    const body = JSON.stringify({
      customerName: `Racing Guest ${i}`,
      customerEmail: `racer${i}@example.com`,
      customerPhone: '4085550123',
      adultTickets: 1,
      childTickets: 0,
      totalAmount: totalCents,
    });
    return Buffer.from(
      `POST /api/party-payment-intent HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  /** When each buyer's request was written. */
  const sentAt = sockets.map(() => 0n);
  const answers = sockets.map(
    (socket, i) =>
      new Promise((/** @type {(answer: { status: number, text: string, ms: number }) => void} */ resolve) => {
        /** @type {Buffer[]} */
        const chunks = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.once('error', (error) => resolve({ status: 0, text: String(error), ms: NaN }));
        socket.once('close', () => {
          const ms = Number(process.hrtime.bigint() - sentAt[i]) / 1e6;
          const raw = Buffer.concat(chunks).toString();
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
          resolve({ status, text: raw.slice(raw.indexOf('\r\n\r\n') + 4), ms });
        });
      }),
  );
  const started = process.hrtime.bigint();
  sockets.forEach((socket, i) => {
    sentAt[i] = process.hrtime.bigint();
    socket.write(requests[i]);
  });
  const results = await Promise.all(answers);
  return { results, wallMs: Number(process.hrtime.bigint() - started) / 1e6 };
}

/**
 * The holds and paid tickets, read from the database itself.
 * @param {import('./lib/stand.mjs').StandDatabase} database
 */
async function readOrders(database) {
  const db = await openDatabase(database);
  try {
    const rows = await db.query(
      'SELECT status, COUNT(*) AS orders, COALESCE(SUM(adultTickets + childTickets), 0) AS tickets FROM party_orders GROUP BY status',
    );
    return Object.fromEntries(rows.map((r) => [r.status, { orders: Number(r.orders), tickets: Number(r.tickets) }]));
  } finally {
    await db.close();
  }
}

/**
 * @param {string} kind
 * @param {number} port
 * @param {import('./lib/stand.mjs').Checks} checks
 * @param {Race} run
 */
async function runOne(kind, port, checks, { buyers, left, presold, mariadbPort }) {
  const stand = await createStand({ db: kind, mariadbPort, prefix: 'festival-contention-' });
  try {
    const api = await stand.startApi({ port, env: { TICKET_CAPACITY: String(presold + left) } });
    const label = stand.database.label;
    console.log(`\n${label}: capacity ${presold + left}, ${presold} sold first, ${buyers} buyers racing for the last ${left}`);
    if (presold > 0) await sellTickets(api.url, presold);
    const quote = await post(api.url, '/api/party-quote', { adultTickets: 1, childTickets: 0 });
    const { results, wallMs } = await race(port, quote.body.totalCents, buyers);

    const holds = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    const clearRefusals = refused.filter((r) => r.text.includes(SOLD_OUT));
    const others = results.filter((r) => r.status !== 200 && r.status !== 409);
    const times = results.filter((r) => Number.isFinite(r.ms)).map((r) => r.ms);
    const figures = {
      database: label,
      buyers,
      left,
      presold,
      holds: holds.length,
      soldOut: refused.length,
      other: others.length,
      otherStatuses: countBy(others.map((r) => r.status)),
      medianMs: median(times),
      p99Ms: percentile(times, 99),
      maxMs: Math.max(...times),
      holdMedianMs: median(holds.map((r) => r.ms)),
      soldOutMedianMs: median(refused.map((r) => r.ms)),
      wallMs,
      /** The holds in the database after the race, and the public count of tickets left. */
      database_holds: { orders: 0, tickets: 0 },
      remainingAfter: NaN,
    };
    console.log(
      `  ${holds.length} holds, ${refused.length} sold out, ${others.length} other; per buyer median ${figures.medianMs.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms, max ${figures.maxMs.toFixed(1)} ms; all answered in ${wallMs.toFixed(0)} ms`,
    );

    const orders = await readOrders(stand.database);
    const cookie = await staffCookie(api.url);
    const paidRows = /** @type {import('./lib/stand.mjs').TicketRow[]} */ (
      await (await fetch(`${api.url}/api/party-tickets`, { headers: { Cookie: cookie } })).json()
    );
    const paidTickets = paidRows.reduce((n, t) => n + t.adultTickets + t.childTickets, 0);
    const stats = /** @type {{ remaining: number }} */ (await (await fetch(`${api.url}/api/party-ticket-stats`)).json());
    figures.database_holds = orders.pending ?? { orders: 0, tickets: 0 };
    figures.remainingAfter = stats.remaining;
    const name = `${label}:`;
    checks.check(holds.length === left, `${name} exactly ${left} buyers got a hold`, `${holds.length}`);
    checks.check(refused.length === buyers - left, `${name} ${buyers - left} buyers were refused with 409`, `${refused.length}`);
    checks.check(
      clearRefusals.length === refused.length,
      `${name} every refusal says "${SOLD_OUT}"`,
      refused.length === clearRefusals.length ? '' : `first other: ${refused.find((r) => !r.text.includes(SOLD_OUT))?.text}`,
    );
    checks.check(
      others.length === 0,
      `${name} no other answer (5xx, network error)`,
      others.length ? JSON.stringify(figures.otherStatuses) : '',
    );
    checks.check(
      (orders.pending?.orders ?? 0) === left && (orders.pending?.tickets ?? 0) === left,
      `${name} the database holds exactly ${left} tickets on hold`,
      `${orders.pending?.orders ?? 0} pending orders, ${orders.pending?.tickets ?? 0} tickets`,
    );
    checks.check(paidTickets === presold, `${name} the staff list shows the ${presold} paid tickets, no more`, `${paidTickets}`);
    checks.check(stats.remaining === 0, `${name} the public ticket count says none remain`, `${stats.remaining}`);
    return figures;
  } finally {
    await stand.stop();
  }
}

/**
 * @param {Awaited<ReturnType<typeof runOne>>[]} all
 * @param {import('./lib/stand.mjs').Checks} checks
 * @param {string} command
 * @param {Race} run
 */
function markdown(all, checks, command, { buyers, left, presold }) {
  const ms = (/** @type {number} */ n) => `${n.toFixed(1)} ms`;
  const rows = all.map((f) => [
    f.database,
    String(f.buyers),
    String(f.holds),
    String(f.soldOut),
    String(f.other),
    ms(f.medianMs),
    ms(f.p99Ms),
    ms(f.maxMs),
    ms(f.holdMedianMs),
    ms(f.soldOutMedianMs),
  ]);
  return `## Contention: ${buyers} buyers for the last ${left} tickets (\`contention.mjs\`)

One API process with a capacity of ${presold + left}; ${presold} tickets are bought and paid first through
the API, then ${buyers} buyers each ask for one ticket (\`POST /api/party-payment-intent\`) at the same
moment: all ${buyers} connections are opened first, then every request is written in one go. A
buyer's time runs from its request to the end of the answer: a hold (200, with the payment to
complete) or a refusal (409).

**Command:** \`${command}\`

${table(['Database', 'Buyers', 'Holds (200)', 'Sold out (409)', 'Other', 'Median', 'p99', 'Max', 'Median to a hold', 'Median to sold out'], rows, ['', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'])}

Checks (through the answers, the database's \`party_orders\`, the staff ticket list and the public
ticket count):

${checks.results.map((c) => `- ${c.ok ? '✓' : '✗ **broken:**'} ${c.what}${c.detail ? ` (${c.detail})` : ''}`).join('\n')}

### Reading the numbers

- Every hold is decided inside one exclusive step (a row lock on MariaDB, a queue in the
  process on SQLite): the buyers are served one after another, so the median is about half the
  time to serve all of them and the p99 about all of it. That is the price of never overselling:
  no more than ${left} holds exist however the requests interleave.
- Refusals are cheaper than holds (no order row, no payment to start) but wait in the same line.
- The whole race answered in ${all.map((f) => `${f.wallMs.toFixed(0)} ms on ${f.database}`).join(' and ')}.`;
}

await runMain(
  {
    script: import.meta.url,
    options: {
      buyers: { type: 'string', default: '500' },
      left: { type: 'string', default: '100' },
      presold: { type: 'string', default: '200' },
      db: { type: 'string', default: 'mysql,sqlite' },
      database: { type: 'string' },
      'mariadb-port': { type: 'string', default: '3314' },
      port: { type: 'string', default: '8772' },
      record: { type: 'boolean', default: false },
    },
  },
  async ({ args }) => {
    /** @type {Race} */
    const run = {
      buyers: Number(args.buyers),
      left: Number(args.left),
      presold: Number(args.presold),
      mariadbPort: Number(args['mariadb-port']),
    };
    const checks = createChecks(`Contention: ${run.buyers} buyers for the last ${run.left} tickets`);
    if (args.database) process.env.TEST_DATABASE_URL = args.database;
    const all = [];
    const kinds = args.db.split(',').map((k) => k.trim());
    for (const [i, kind] of kinds.entries()) all.push(await runOne(kind, Number(args.port) + i, checks, run));
    if (args.record) {
      record('contention', {
        database: all.map((f) => f.database).join(', '),
        options: args,
        figures: { runs: all, checks: checks.results },
        markdown: markdown(all, checks, commandLine(), run),
      });
    }
    return checks.exitCode;
  },
);
