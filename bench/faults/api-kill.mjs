// Fault: the API process is killed (SIGKILL) in the middle of checkouts, and started again.
//   node bench/faults/api-kill.mjs [--db mysql|sqlite] [--hold 20] [--api-entry api/dist/main.js] [--record]
// MySQL: TEST_DATABASE_URL when set (its tables are dropped first), else a private MariaDB.
// Stripe is played by a local stand-in (`startStripeStandIn` of @festival/test-kit) that the API's real Stripe
// SDK talks to, and that sends the signed webhooks, retried until accepted, as Stripe does in
// production. Buyers hold tickets (payment intents), some pay at
// "Stripe" just before the kill and while the API is down, and none comes back to the page to
// confirm. Checks: live holds count against capacity once; after the restart the webhooks
// complete every paid order (also one whose webhook arrives after its hold expired); the unpaid
// holds give their tickets back at expiry and stay unpaid; paid orders never return to sale;
// exactly one confirmation e-mail per paid order; a browser confirming late changes nothing.
// Prints each check; exits 1 when a promise is broken.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStripeStandIn } from '@festival/test-kit';
import { FAULT_OPTIONS, runFault } from '../lib/fault.mjs';
import { createStand, openDatabase, sleep, staffCookie } from '../lib/stand.mjs';

const MARIADB_PORT = 3311;
const API_PORT = 8722;
const STRIPE_PORT = 8729;
const WEBHOOK_SECRET = 'whsec_fault_api_kill';
const CAPACITY = 40;
const TICKETS_EACH = 2;

/**
 * @param {string} url
 * @param {RequestInit & { headers?: Record<string, string> }} [init]
 */
async function json(url, init = {}) {
  const res = await fetch(url, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text.slice(0, 160);
  }
  return { status: res.status, body };
}

/**
 * @template T
 * @param {string} _what
 * @param {() => Promise<T>} test
 * @param {number} timeoutMs
 */
async function waitFor(_what, test, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await test().catch(() => undefined);
    if (value) return value;
    if (Date.now() > until) return undefined;
    await sleep(250);
  }
}

await runFault(
  {
    script: import.meta.url,
    options: {
      ...FAULT_OPTIONS,
      hold: { type: 'string', default: '20' },
    },
    title: (args) =>
      `API killed during checkout: ${args.db === 'sqlite' ? 'SQLite' : 'MariaDB'}, holds of ${args.hold}s, Stripe stand-in with webhooks`,
    name: (args) => `api-kill-${args.db}`,
    stand: (args) => createStand({ db: args.db, mariadbPort: MARIADB_PORT, prefix: 'festival-fault-kill-' }),
    // Bounded in time whatever happens: past the limit, stop everything and fail.
    limitSeconds: () => 150,
  },
  async ({ args, stand, checks, figures }) => {
    const holdSeconds = Number(args.hold);
    const base = `http://127.0.0.1:${API_PORT}`;
    // Stripe retries a webhook that was not accepted; here every 0.5 to 5 s, for about a minute.
    const stripe = await startStripeStandIn({
      port: STRIPE_PORT,
      webhook: {
        url: `${base}/api/webhooks/stripe`,
        secret: WEBHOOK_SECRET,
        retryDelaysMs: [500, 1_000, 2_000, 3_000, ...Array(10).fill(5_000)],
      },
    });
    stand.onStop(() => stripe.close());
    const apiOptions = {
      port: API_PORT,
      entry: args['api-entry'],
      env: {
        TICKET_CAPACITY: String(CAPACITY),
        TICKET_HOLD_SECONDS: String(holdSeconds),
        STRIPE_SECRET_KEY: 'sk_test_fault_stand_in',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fault_stand_in',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    };
    let api = await stand.startApi(apiOptions);
    console.log(`  ${stand.database.label}, API ${base} (${args['api-entry']}), Stripe stand-in ${stripe.url}, capacity ${CAPACITY}`);

    // Eight buyers hold two tickets each.
    const quote = await json(`${base}/api/party-quote`, {
      method: 'POST',
      body: JSON.stringify({ adultTickets: TICKETS_EACH, childTickets: 0 }),
    });
    /** @type {{ i: number, email: string, orderId: string, intentId: string, holdExpiresAt: number }[]} */
    const buyers = [];
    for (let i = 0; i < 8; i += 1) {
      const email = `kill-buyer-${i}@example.com`;
      const res = await json(`${base}/api/party-payment-intent`, {
        method: 'POST',
        body: JSON.stringify({
          customerName: `Buyer ${i}`,
          customerEmail: email,
          customerPhone: '4085550100',
          adultTickets: TICKETS_EACH,
          childTickets: 0,
          totalAmount: quote.body.totalCents,
        }),
      });
      if (res.status !== 200) throw new Error(`hold ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      buyers.push({
        i,
        email,
        orderId: res.body.orderId,
        intentId: res.body.clientSecret.split('_secret_')[0],
        holdExpiresAt: new Date(res.body.holdExpiresAt).getTime(),
      });
    }
    const longestHold = Math.max(...buyers.map((b) => b.holdExpiresAt)) - Date.now();
    if (
      !checks.check(
        longestHold <= (holdSeconds + 5) * 1000,
        `the API holds tickets for TICKET_HOLD_SECONDS (${holdSeconds} s)`,
        `holds end in ${Math.round(longestHold / 1000)} s`,
      )
    ) {
      throw new Error('the API ignores TICKET_HOLD_SECONDS: the expiry checks cannot run in bounded time');
    }
    const held = buyers.length * TICKETS_EACH;
    const stats0 = await json(`${base}/api/party-ticket-stats`);
    checks.check(
      stats0.body.remaining === CAPACITY - held,
      'live holds count against capacity',
      `${stats0.body.remaining} remaining of ${CAPACITY} with ${held} held`,
    );

    // Buyers 0-1 pay just before the kill (their webhook may or may not get in first); buyers
    // 2-3 pay while the API is down; buyer 4 pays while it is down but Stripe's webhook only
    // gets through after the hold expired. Buyers 5-7 never pay. Nobody confirms from the page.
    const paidBuyers = buyers.slice(0, 5);
    const unpaidBuyers = buyers.slice(5);
    stripe.confirmPayment(buyers[0].intentId);
    stripe.confirmPayment(buyers[1].intentId);
    api.child.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((/** @type {(value?: unknown) => void} */ resolve) =>
      api.child.exitCode !== null || api.child.signalCode !== null ? resolve() : api.child.once('exit', resolve),
    );
    stripe.confirmPayment(buyers[2].intentId);
    stripe.confirmPayment(buyers[3].intentId);
    const lastExpiry = Math.max(...buyers.map((b) => b.holdExpiresAt));
    stripe.confirmPayment(buyers[4].intentId, { webhookDelayMs: Math.max(0, lastExpiry - Date.now()) + 1_000 });
    const downHealth = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      (e) => String(e.cause?.code ?? e),
    );
    console.log(`  killed with SIGKILL; the API answers: ${downHealth}`);

    api = await stand.startApi(apiOptions);
    const restartedMs = Date.now() - killedAt;
    figures.restartMs = restartedMs;
    console.log(`  restarted and healthy ${restartedMs} ms after the kill`);

    // Before the holds expire: the same count, paid ones not counted twice.
    const beforeExpiry = await json(`${base}/api/party-ticket-stats`);
    const stillLive = Date.now() < Math.min(...buyers.map((b) => b.holdExpiresAt));
    checks.check(
      stillLive && beforeExpiry.body.remaining === CAPACITY - held,
      'after the restart, while the holds are alive, remaining still excludes every hold once (paid or not)',
      `${beforeExpiry.body.remaining} remaining${stillLive ? '' : ' (holds already expired: raise --hold)'}`,
    );

    // The webhooks complete the orders paid before and during the kill.
    const cookie = await staffCookie(base);
    const staffList = () =>
      json(`${base}/api/party-tickets`, { headers: { Cookie: cookie } }).then(
        (r) => /** @type {import('../lib/stand.mjs').TicketRow[]} */ (r.body),
      );
    const early = paidBuyers.slice(0, 4);
    const completedEarly = await waitFor(
      'webhooks',
      async () => {
        const list = await staffList();
        return early.every((b) => list.some((t) => t.id === b.orderId)) && list;
      },
      30_000,
    );
    figures.webhooksCompletedMsAfterKill = completedEarly ? Date.now() - killedAt : null;
    checks.check(
      Boolean(completedEarly),
      'the webhooks complete the four orders paid just before and during the kill, with nobody confirming from the page',
      completedEarly ? `${Math.round((Date.now() - killedAt) / 100) / 10} s after the kill` : 'not within 30 s',
    );

    // After every hold expired (and buyer 4's late webhook got through).
    await sleep(Math.max(0, lastExpiry - Date.now()) + 500);
    const afterExpiry = await json(`${base}/api/party-ticket-stats`);
    const expectedAfterExpiry = CAPACITY - early.length * TICKETS_EACH;
    // Buyer 4 may already be completed again by the late webhook: both answers are right as long as
    // buyer 4's tickets are counted at most once.
    checks.check(
      [expectedAfterExpiry, expectedAfterExpiry - TICKETS_EACH].includes(afterExpiry.body.remaining),
      'once the holds expire, the unpaid holds give their tickets back and the paid orders stay sold',
      `${afterExpiry.body.remaining} remaining (${early.length} paid orders of ${TICKETS_EACH})`,
    );
    const late = await waitFor('late webhook', async () => (await staffList()).some((t) => t.id === buyers[4].orderId), 20_000);
    checks.check(
      Boolean(late),
      'a payment whose webhook arrives after its hold expired is honoured (tickets were left)',
      late ? 'paid' : 'not completed within 20 s',
    );
    const final = await json(`${base}/api/party-ticket-stats`);
    const list = await staffList();
    const sold = list.reduce((n, t) => n + t.adultTickets + t.childTickets, 0);
    checks.check(
      final.body.remaining === CAPACITY - paidBuyers.length * TICKETS_EACH && sold === paidBuyers.length * TICKETS_EACH,
      'tickets are counted once: remaining = capacity − paid tickets, and the staff list sells exactly the paid ones',
      `${final.body.remaining} remaining, ${sold} sold, ${list.length} orders in the staff list`,
    );
    const unpaidListed = unpaidBuyers.filter((b) => list.some((t) => t.id === b.orderId));
    checks.check(unpaidListed.length === 0, 'the unpaid holds are not in the staff list', `${unpaidListed.length}`);
    if (stand.database.kind === 'mysql') {
      const db = await openDatabase(stand.database);
      stand.onStop(() => db.close());
      const rows = await db.query('SELECT id, status FROM party_orders');
      const status = new Map(rows.map((r) => [r.id, r.status]));
      checks.check(
        unpaidBuyers.every((b) => status.get(b.orderId) === 'pending'),
        'the unpaid orders stay unpaid (pending, hold expired)',
        unpaidBuyers.map((b) => status.get(b.orderId)).join(', '),
      );
      checks.check(
        paidBuyers.every((b) => status.get(b.orderId) === 'paid'),
        'every order paid at Stripe is paid in the database',
        paidBuyers.map((b) => status.get(b.orderId)).join(', '),
      );
    }

    // A buyer who comes back to the page and confirms late changes nothing.
    const lateConfirm = await json(`${base}/api/confirm-payment`, {
      method: 'POST',
      body: JSON.stringify({ paymentIntentId: buyers[2].intentId, type: 'party_ticket' }),
    });
    checks.check(
      lateConfirm.status === 200 && lateConfirm.body.status === 'paid' && lateConfirm.body.orderId === buyers[2].orderId,
      'a late confirmation from the page shows the paid receipt',
      `${lateConfirm.status}`,
    );
    const unpaidConfirm = await json(`${base}/api/confirm-payment`, {
      method: 'POST',
      body: JSON.stringify({ paymentIntentId: buyers[5].intentId, type: 'party_ticket' }),
    });
    checks.check(
      unpaidConfirm.status === 409,
      'confirming an unpaid hold is refused (409)',
      `${unpaidConfirm.status} ${JSON.stringify(unpaidConfirm.body)}`,
    );

    // E-mails: exactly one confirmation per paid buyer, none for the others.
    const outbox = join(stand.work, 'outbox');
    const recipients = () =>
      existsSync(outbox)
        ? readdirSync(outbox)
            .filter((f) => f.endsWith('.eml'))
            .map((f) => /^To: (.+)$/m.exec(readFileSync(join(outbox, f), 'utf8'))?.[1]?.trim())
        : [];
    await waitFor('e-mails', async () => paidBuyers.every((b) => recipients().includes(b.email)), 20_000);
    await sleep(1_500); // room for a duplicate to show up
    const sent = recipients();
    const perBuyer = paidBuyers.map((b) => sent.filter((r) => r === b.email).length);
    checks.check(
      perBuyer.every((n) => n === 1),
      'each paid buyer gets exactly one confirmation e-mail',
      `per buyer: ${perBuyer.join(', ')}`,
    );
    checks.check(
      unpaidBuyers.every((b) => !sent.includes(b.email)),
      'the unpaid buyers get none',
      `${sent.length} e-mails in all`,
    );

    const succeeded = stripe.events.filter((r) => r.event.type === 'payment_intent.succeeded');
    figures.webhookAttempts = succeeded.map((r) => r.attempts.length);
    const deliveries = succeeded.map((r) => `${r.attempts.length} attempt(s)${r.acceptedAt ? '' : ' never accepted'}`);
    checks.check(
      succeeded.length === paidBuyers.length && succeeded.every((r) => r.acceptedAt),
      'every payment_intent.succeeded webhook was eventually accepted (2xx)',
      deliveries.join('; '),
    );
    const refused = stripe.events.flatMap((r) => r.attempts).filter((a) => a.status >= 300);
    checks.check(
      refused.length === 0,
      'the API never refused a webhook with an HTTP error once it was up',
      refused.map((a) => a.status).join(', ') || 'none',
    );
    checks.check(
      stripe.refunds.length === 0,
      'no payment was refunded (capacity was left for every late payment)',
      `${stripe.refunds.length}`,
    );
  },
);
