// Fault: MariaDB stops in the middle of the party night and comes back a few seconds later.
//   node bench/faults/db-restart.mjs [--guests 100] [--seconds 25] [--replicas 2] [--down 5]
//                                    [--capacity 300] [--api-entry api/dist/main.js] [--record]
// A private MariaDB (scripts/mariadb.sh, port 3311) under the party-night load on API replicas
// (ports 8720+). While the database is down: /api/health answers 503 JSON, requests fail fast with
// a clear JSON 503. After it is back: the same API processes become healthy on their own, a fresh
// purchase works, guests who paid before or during the outage get their tickets by retrying,
// every paid order is in the staff list, nothing is oversold, no 5xx outside the outage.
// Prints each check; exits 1 when a promise is broken. MariaDB only (SQLite is in-process).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '@festival/test-kit';
import { FAULT_OPTIONS, runFault } from '../lib/fault.mjs';
import { countBy } from '../lib/results.mjs';
import { createStand, openDatabase, sleep, STAFF_PASSWORD, staffCookie, waitUntil } from '../lib/stand.mjs';
import { networkError, partyNight } from '../lib/party-night.mjs';

const MARIADB_PORT = 3311;
const API_PORT = 8720;
/** How long the API may take to answer during the outage and still count as failing fast
 * (on a machine so busy that the night's own p99 is above half of it: twice that p99). */
const FAST_MS = 3_000;
/** How long after the database is back the API must be healthy again. */
const RECOVERY_LIMIT_MS = 15_000;
const CARD = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };

/**
 * @typedef {{ message?: string, status?: string, orderId?: string, clientSecret?: string, totalCents?: number, database?: string, remaining?: number }} ProbeBody
 * @typedef {{ status: number, body?: ProbeBody, json?: boolean, text?: string, error?: string, ms: number, startedAt?: number }} Probe
 */

/**
 * One request with its timing, status and whether the answer is JSON with a message.
 * @param {string} url
 * @param {RequestInit & { headers?: Record<string, string> }} [init]
 * @returns {Promise<Probe>}
 */
async function probe(url, init = {}) {
  const startedAt = Date.now();
  try {
    const res = await fetch(url, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const json = (res.headers.get('content-type') ?? '').includes('application/json') && body !== undefined;
    return { status: res.status, body, json, text: text.slice(0, 160), ms: Date.now() - startedAt, startedAt };
  } catch (error) {
    return { status: 0, error: networkError(error), ms: Date.now() - startedAt, startedAt };
  }
}

const post = (/** @type {string} */ url, /** @type {unknown} */ body) => probe(url, { method: 'POST', body: JSON.stringify(body) });
const clearError = (/** @type {Probe} */ r) =>
  r.status === 503 && r.json && typeof r.body?.message === 'string' && r.body.message.length > 0;
const describe = (/** @type {Probe} */ r) =>
  `${r.status || r.error} in ${r.ms} ms${r.body?.message ? `: "${r.body.message}"` : r.body?.status ? `: ${r.body.status}` : r.text ? `: ${r.text}` : ''}`;

/**
 * A guest's purchase up to the hold, optionally paying the card.
 * @param {string} base
 * @param {string} guest
 * @param {boolean} pay
 */
async function holdTickets(base, guest, pay) {
  const quote = await post(`${base}/api/party-quote`, { adultTickets: 2, childTickets: 0 });
  const intent = await post(`${base}/api/party-payment-intent`, {
    customerName: `Outage guest ${guest}`,
    customerEmail: `outage${guest}.${Date.now()}@example.com`,
    customerPhone: '4085550100',
    adultTickets: 2,
    childTickets: 0,
    totalAmount: quote.body?.totalCents,
  });
  if (intent.status !== 200) throw new Error(`hold for outage guest ${guest}: ${describe(intent)}`);
  const { orderId = '', clientSecret = '' } = intent.body ?? {};
  const buyer = { guest, orderId, clientSecret, paymentIntentId: clientSecret.split('_secret_')[0] };
  if (pay) {
    const paid = await post(`${base}/api/payments/simulated/confirm`, { clientSecret: buyer.clientSecret, ...CARD });
    if (paid.status !== 200) throw new Error(`card of outage guest ${guest}: ${describe(paid)}`);
  }
  return buyer;
}

await runFault(
  {
    script: import.meta.url,
    options: {
      ...FAULT_OPTIONS,
      guests: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '25' },
      replicas: { type: 'string', default: '2' },
      down: { type: 'string', default: '5' },
      capacity: { type: 'string', default: '300' },
    },
    title: (args) =>
      `MariaDB restart under load: ${args.guests} guests, ${args.seconds}s, ${args.replicas} replica(s), database down ${args.down}s`,
    name: () => 'db-restart-mysql',
    stand: async (args) => {
      if (args.db !== 'mysql')
        throw new UsageError('db-restart stops a MariaDB server: only --db mysql is meaningful (SQLite lives inside the API process)');
      // The database must be the stand's own server: one given by TEST_DATABASE_URL cannot be stopped.
      delete process.env.TEST_DATABASE_URL;
      return createStand({ db: 'mysql', mariadbPort: MARIADB_PORT, prefix: 'festival-fault-db-' });
    },
    // Bounded in time whatever happens: past the limit, stop everything and fail.
    limitSeconds: (args) => Number(args.seconds) + 120,
  },
  async ({ args, stand, checks, figures }) => {
    const seconds = Number(args.seconds);
    const downSeconds = Number(args.down);
    const capacity = Number(args.capacity);
    const database = stand.database;
    if (database.kind !== 'mysql') throw new Error('the stand has no MariaDB');
    const apis = [];
    for (let i = 0; i < Number(args.replicas); i += 1) {
      apis.push(await stand.startApi({ port: API_PORT + i, entry: args['api-entry'], env: { TICKET_CAPACITY: String(capacity) } }));
    }
    const baseUrls = apis.map((a) => a.url);
    const base = baseUrls[0];
    console.log(`  ${database.label} on 127.0.0.1:${MARIADB_PORT}, API ${baseUrls.join(', ')} (${args['api-entry']})`);

    // Guests caught by the outage: three paid their card just before it and confirm during it;
    // three hold tickets before it and submit their card during it.
    /** @type {Awaited<ReturnType<typeof holdTickets>>[]} */
    const paidBefore = [];
    /** @type {Awaited<ReturnType<typeof holdTickets>>[]} */
    const payDuring = [];
    for (let g = 0; g < 3; g += 1) paidBefore.push(await holdTickets(baseUrls[g % baseUrls.length], `paid-${g}`, true));
    for (let g = 0; g < 3; g += 1) payDuring.push(await holdTickets(baseUrls[g % baseUrls.length], `paying-${g}`, false));

    let window = { from: Infinity, to: -Infinity };
    const inWindow = (/** @type {{ startedAt: number, endedAt: number }} */ e) => e.endedAt >= window.from && e.startedAt <= window.to;
    const night = partyNight({
      baseUrls,
      guests: Number(args.guests),
      seconds,
      staffPassword: STAFF_PASSWORD,
      capacity,
      // A 5xx is excused only when it is the clear JSON 503 and overlaps the outage.
      excuse: (e) => e.status === 503 && e.json && inWindow(e),
    });

    // The outage, a third of the way into the night.
    await sleep(Math.max(2, seconds / 3) * 1000);
    /** @type {{ health: Probe[], reads: Probe[], confirms: Probe[], cards: Probe[] }} */
    const during = { health: [], reads: [], confirms: [], cards: [] };
    const outage = await database.restart({
      downSeconds,
      whileDown: async () => {
        const until = Date.now() + (downSeconds - 0.5) * 1000;
        const guests = async () => {
          for (const buyer of paidBefore)
            during.confirms.push(
              await post(`${base}/api/confirm-payment`, { paymentIntentId: buyer.paymentIntentId, type: 'party_ticket' }),
            );
          for (const buyer of payDuring)
            during.cards.push(await post(`${base}/api/payments/simulated/confirm`, { clientSecret: buyer.clientSecret, ...CARD }));
        };
        const probes = async () => {
          // The public hot reads (ticket stats among them) may answer from their in-process cache
          // for up to a second after the last good read: probe once that is over.
          await sleep(1_100);
          while (Date.now() < until) {
            for (const url of baseUrls) {
              during.health.push(await probe(`${url}/api/health`));
              during.reads.push(await probe(`${url}/api/party-ticket-stats`));
            }
            await sleep(250);
          }
        };
        await Promise.all([guests(), probes()]);
      },
    });
    window.from = outage.stopAt;

    // Recovery: the same processes, no restart.
    const recovered = [];
    for (const api of apis) {
      let at;
      while (Date.now() - outage.upAt < RECOVERY_LIMIT_MS) {
        if ((await probe(`${api.url}/api/health`)).status === 200) {
          at = Date.now();
          break;
        }
        await sleep(100);
      }
      recovered.push(at);
    }
    window.to = Math.max(...recovered.map((t) => t ?? Date.now())) + 1000;

    figures.outage = {
      shutdownMs: outage.downAt - outage.stopAt,
      downMs: outage.upAt - outage.downAt,
      healthyAgainMs: recovered.map((t) => (t ? t - outage.upAt : null)),
    };
    console.log(
      `  database stopped at +0 ms, down for ${outage.upAt - outage.downAt} ms after a ${outage.downAt - outage.stopAt} ms shutdown; back at ${outage.upAt - outage.stopAt} ms`,
    );
    const health = during.health;
    checks.check(
      health.length > 0 && health.every((r) => r.status >= 500 && r.json && r.body?.database === 'down'),
      '/api/health answers unhealthy (5xx, JSON, database "down") while the database is down',
      `${health.length} probes: ${[...new Set(health.map((r) => r.status || r.error))].join(', ')}`,
    );
    const reads = during.reads;
    checks.check(
      reads.length > 0 && reads.every(clearError),
      'reads during the outage answer a clear JSON 503',
      `${reads.length} probes: ${[...new Set(reads.map((r) => r.status || r.error))].join(', ')}; e.g. ${describe(reads[0] ?? {})}`,
    );
    checks.check(
      during.confirms.every(clearError),
      'a guest confirming an already-paid card during the outage gets a clear JSON 503',
      during.confirms.map(describe).join('; '),
    );
    checks.check(
      during.cards.every(clearError),
      'a guest submitting a card during the outage gets a clear JSON 503 (and is not charged)',
      during.cards.map(describe).join('; '),
    );

    const sameProcesses = apis.every((a) => a.child.exitCode === null && a.child.signalCode === null);
    checks.check(
      recovered.every(Boolean) && sameProcesses,
      `every API replica is healthy again on its own within ${RECOVERY_LIMIT_MS / 1000} s of the database's return, without a restart`,
      recovered.map((t) => (t ? `${t - outage.upAt} ms` : 'never')).join(', '),
    );

    // The outage guests try again, as the payment page lets them.
    const retried = [];
    for (const buyer of paidBefore) {
      const r = await post(`${base}/api/confirm-payment`, { paymentIntentId: buyer.paymentIntentId, type: 'party_ticket' });
      retried.push({ buyer, r });
    }
    for (const buyer of payDuring) {
      const card = await post(`${base}/api/payments/simulated/confirm`, { clientSecret: buyer.clientSecret, ...CARD });
      const r =
        card.status === 200
          ? await post(`${base}/api/confirm-payment`, { paymentIntentId: buyer.paymentIntentId, type: 'party_ticket' })
          : card;
      retried.push({ buyer, r });
    }
    checks.check(
      retried.every(({ buyer, r }) => r.status === 200 && r.body?.status === 'paid' && r.body.orderId === buyer.orderId),
      'each guest caught by the outage completes the purchase by trying again after it',
      retried.map(({ r }) => r.status).join(', '),
    );

    // A fresh purchase, end to end.
    const fresh = await holdTickets(baseUrls[baseUrls.length - 1], 'fresh', true).then(
      (buyer) =>
        post(`${baseUrls[baseUrls.length - 1]}/api/confirm-payment`, { paymentIntentId: buyer.paymentIntentId, type: 'party_ticket' }),
      (error) => /** @type {Probe} */ ({ status: 0, error: String(error.message), ms: 0 }),
    );
    checks.check(
      fresh.status === 200 && fresh.body?.status === 'paid',
      'after recovery a fresh ticket purchase works end to end',
      describe(fresh),
    );

    const { figures: nightFigures, broken, serverErrors, networkErrors, paidOrderIds } = await night;
    const { actions: _actions, ...nightSummary } = nightFigures;
    figures.night = nightSummary;
    console.log(
      `  the night: ${nightFigures.requests} requests, ${nightFigures.throughput} req/s, p50 ${nightFigures.p50.toFixed(0)} ms, p99 ${nightFigures.p99.toFixed(0)} ms, ${nightFigures.paidOrders} paid orders, ${nightFigures.ticketsSold}/${capacity} tickets`,
    );
    const outside = serverErrors.filter((e) => !inWindow(e));
    const insideUnclear = serverErrors.filter((e) => inWindow(e) && !(e.status === 503 && e.json));
    checks.check(
      outside.length === 0,
      'no 5xx outside the outage window',
      `${outside.length} outside, ${serverErrors.length - outside.length} inside${outside[0] ? `; e.g. ${JSON.stringify(outside[0])}` : ''}`,
    );
    checks.check(
      insideUnclear.length === 0,
      'every 5xx inside the outage window is a clear JSON 503',
      `${serverErrors.length - outside.length - insideUnclear.length} clear 503s${insideUnclear[0] ? `; e.g. ${JSON.stringify(insideUnclear[0])}` : ''}`,
    );
    // While the server shuts down it still finishes some work, so only requests sent once it is
    // down are held to "fail fast".
    // "Fast" is FAST_MS, or twice the night's own p99 when the machine is so busy that every
    // answer is slower than that (the figure is then printed for what it is).
    const fastMs = Math.max(FAST_MS, Math.round(2 * nightFigures.p99));
    const probes = [...during.health, ...during.reads, ...during.confirms, ...during.cards];
    const slowestProbe = Math.max(...probes.map((r) => r.ms));
    checks.check(
      slowestProbe <= fastMs,
      `every probe while the database was down was answered within ${fastMs} ms (fails fast, no hang)`,
      `slowest ${slowestProbe} ms; the night's p99 ${Math.round(nightFigures.p99)} ms`,
    );
    const whileDown = serverErrors.filter((e) => e.startedAt >= outage.downAt && e.startedAt <= outage.upAt);
    const slowest503 = Math.round(Math.max(0, ...whileDown.map((e) => e.ms)));
    figures.during = {
      probes: probes.length,
      slowestProbeMs: slowestProbe,
      loadAnswersWhileDown: whileDown.length,
      slowest503WhileDownMs: slowest503,
      clear503s: serverErrors.length - outside.length - insideUnclear.length,
      fiveXxOutside: outside.length,
    };
    checks.check(
      slowest503 <= fastMs,
      `the load's 503s sent while the database was down came within ${fastMs} ms`,
      `${whileDown.length} answers, slowest ${slowest503} ms; during the shutdown itself, slowest ${Math.round(Math.max(0, ...serverErrors.map((e) => e.ms)))} ms`,
    );
    checks.check(
      networkErrors.length === 0,
      'no request of the load was dropped or timed out (network errors)',
      `${networkErrors.length}${networkErrors[0] ? `; e.g. ${JSON.stringify(networkErrors[0])}` : ''}`,
    );
    for (const b of broken.filter((b) => !b.includes('answers were 5xx'))) checks.check(false, b);

    // What the staff see, and what the database holds.
    const cookie = await staffCookie(base);
    const staffList = /** @type {import('../lib/stand.mjs').TicketRow[]} */ (
      await (await fetch(`${base}/api/party-tickets`, { headers: { Cookie: cookie } })).json()
    );
    const inList = new Set(staffList.map((t) => t.id));
    const toldPaid = [
      ...paidOrderIds,
      ...retried.filter(({ r }) => r.body?.status === 'paid').map(({ r }) => r.body?.orderId),
      fresh.body?.orderId,
    ].filter(Boolean);
    const missing = toldPaid.filter((id) => !inList.has(id));
    checks.check(
      missing.length === 0,
      'every order a buyer was told is paid is in the staff list',
      `${toldPaid.length - missing.length}/${toldPaid.length}`,
    );
    const sold = staffList.reduce((n, t) => n + t.adultTickets + t.childTickets, 0);
    const stats = /** @type {{ remaining: number }} */ (await (await fetch(`${base}/api/party-ticket-stats`)).json());
    checks.check(
      sold <= capacity && stats.remaining >= 0,
      'no ticket oversold',
      `${sold} paid of ${capacity}, ${stats.remaining} remaining`,
    );
    const db = await openDatabase(database);
    stand.onStop(() => db.close());
    const lost = await db.query(
      "SELECT o.id, o.status FROM party_orders o JOIN simulated_payments p ON p.id = o.paymentIntentId WHERE p.status = 'succeeded' AND o.status NOT IN ('paid', 'refunded')",
    );
    const charged = await db.query("SELECT COUNT(*) AS n FROM simulated_payments WHERE kind = 'payment' AND status = 'succeeded'");
    checks.check(
      lost.length === 0,
      'nothing paid is lost: every card charged belongs to a paid (or refunded) order',
      `${charged[0].n} cards charged, ${lost.length} orders left unpaid${lost[0] ? ` e.g. ${lost[0].id} ${lost[0].status}` : ''}`,
    );
    // Confirmation e-mails: none sent twice, none stuck as "being sent" (that would send it
    // again ten minutes later); failed attempts during the outage wait for their retry.
    // A message being sent right now is "sending" for a moment: wait for the senders to settle.
    await waitUntil(async () => (await db.query("SELECT COUNT(*) AS n FROM party_orders WHERE emailStatus = 'sending'"))[0].n === 0, {
      timeoutMs: 15_000,
      everyMs: 250,
    });
    const emails = await db.query("SELECT id, customerEmail, emailStatus, emailClaimedAt FROM party_orders WHERE status = 'paid'");
    const byStatus = countBy(emails.map((e) => String(e.emailStatus)));
    const outbox = join(stand.work, 'outbox');
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    const recipients = files.map((f) => /^To: (.+)$/m.exec(readFileSync(join(outbox, f), 'utf8'))?.[1]?.trim());
    const twice = recipients.filter((r, i) => recipients.indexOf(r) !== i);
    checks.check(
      twice.length === 0,
      'no buyer got the confirmation e-mail twice',
      `${files.length} e-mails for ${emails.length} paid orders; ${Object.entries(byStatus)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}`,
    );
    checks.check(
      !byStatus.sending,
      'no confirmation e-mail is left "being sent" 15 s after the night (it would wait 10 minutes, or go out twice)',
      `${byStatus.sending ?? 0}${emails
        .filter((e) => e.emailStatus === 'sending')
        .map((e) => `; claimed at +${new Date(/** @type {string | Date} */ (e.emailClaimedAt)).getTime() - outage.stopAt} ms`)
        .join('')}`,
    );
    const sentWithoutFile = emails.filter((e) => e.emailStatus === 'sent' && !recipients.includes(String(e.customerEmail)));
    checks.check(sentWithoutFile.length === 0, 'every e-mail recorded as sent is in the outbox', `${sentWithoutFile.length} missing`);
  },
);
