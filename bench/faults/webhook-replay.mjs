// Fault: Stripe delivers every webhook again, twice, late and out of order.
//   node bench/faults/webhook-replay.mjs [--db mysql|sqlite] [--api-entry <path to main.js>] [--seed 7]
// The API runs with the Stripe gateway (the real `stripe` SDK) against a local stand-in on
// 127.0.0.1:8731 that sends signed webhooks like Stripe, and a real SMTP server on :2631 for the
// confirmation e-mails. The script buys party tickets (paid by webhook and by browser, and one
// late payment after the party sold out, which the API refunds), drinks paid now (one refunded
// because the drink ran out while paying), a tab charged at close and a tab left open. It then
// records what staff and guests see, replays every event the flow produced twice (reversed,
// then shuffled and concurrent) with valid new signatures, and checks that nothing changed:
// order statuses, tickets and remaining, drink stock and the bar queue, tabs, refunds at the
// gateway, and the e-mails sent. Replays must answer 2xx, never 5xx. Exits 1 when a promise broke.
import { isDeepStrictEqual } from 'node:util';
import { priceDrinks } from '@festival/contracts';
import { startSmtpSink, startStripeStandIn } from '@festival/test-kit';
import { FAULT_OPTIONS, runFault } from '../lib/fault.mjs';
import { countBy } from '../lib/results.mjs';
import { createStand, openDatabase, sleep, staffCookie, waitUntil } from '../lib/stand.mjs';

const API_PORT = 8730;
const STRIPE_PORT = 8731;
const SMTP_PORT = 2631;
const MARIADB_PORT = 3312;
const CAPACITY = 6;
const WEBHOOK_SECRET = 'whsec_fault_script_secret';

/**
 * A small seeded generator, so a failing shuffle can be replayed with the same --seed.
 * @param {number} seed
 */
function random(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}
/**
 * @template T
 * @param {T[]} list
 * @param {() => number} rand
 */
function shuffled(list, rand) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

await runFault(
  {
    script: import.meta.url,
    options: {
      ...FAULT_OPTIONS,
      seed: { type: 'string', default: '7' },
    },
    title: (args) => `Webhooks replayed twice and out of order (${args.db}, seed ${args.seed})`,
    name: (args) => `webhook-replay-${args.db}`,
    stand: (args) => createStand({ db: args.db, mariadbPort: MARIADB_PORT, prefix: 'festival-fault-webhooks-' }),
  },
  async ({ args, stand, checks, figures }) => {
    console.log(`  database: ${stand.database.label}; API: ${args['api-entry']}`);
    const apiUrl = `http://127.0.0.1:${API_PORT}`;
    const sink = await startSmtpSink({ port: SMTP_PORT });
    stand.onStop(() => sink.stop());
    const stripe = await startStripeStandIn({
      port: STRIPE_PORT,
      webhook: { url: `${apiUrl}/api/webhooks/stripe`, secret: WEBHOOK_SECRET },
    });
    stand.onStop(() => stripe.close());
    await stand.startApi({
      port: API_PORT,
      entry: args['api-entry'],
      env: {
        SMTP_URL: sink.url,
        STRIPE_SECRET_KEY: 'sk_test_fault_script',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fault_script',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        TICKET_CAPACITY: String(CAPACITY),
      },
    });
    const cookie = await staffCookie(apiUrl);
    const db = await openDatabase(stand.database);
    stand.onStop(() => db.close());

    /**
     * @param {string} method
     * @param {string} path
     * @param {unknown} [body]
     * @param {Record<string, string>} [headers]
     */
    async function call(method, path, body, headers = {}) {
      const res = await fetch(`${apiUrl}${path}`, {
        method,
        headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      let json;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = text;
      }
      return { status: res.status, body: json };
    }
    const staff = (/** @type {string} */ method, /** @type {string} */ path) => call(method, path, undefined, { Cookie: cookie });
    /**
     * @param {string} method
     * @param {string} path
     * @param {unknown} [body]
     * @param {Record<string, string>} [headers]
     */
    async function ok(method, path, body, headers) {
      const res = await call(method, path, body, headers);
      if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    }
    const intentOf = (/** @type {string} */ clientSecret) => clientSecret.split('_secret_')[0];

    // ---- Party tickets: capacity 6.
    /**
     * @param {string} name
     * @param {number} adultTickets
     */
    async function orderTickets(name, adultTickets) {
      const quote = await ok('POST', '/api/party-quote', { adultTickets, childTickets: 0 });
      const email = `${name.toLowerCase()}@example.com`;
      const order = await ok('POST', '/api/party-payment-intent', {
        customerName: `${name} Guest`,
        customerEmail: email,
        customerPhone: '(408) 555-0101',
        adultTickets,
        childTickets: 0,
        totalAmount: quote.totalCents,
      });
      return { ...order, email, intentId: intentOf(order.clientSecret) };
    }
    const partyStatus = async (/** @type {string} */ orderId) =>
      (await db.query('SELECT status FROM party_orders WHERE id = ?', [orderId]))[0]?.status;

    // A: paid, the webhook and the browser's confirmation both arrive.
    const a = await orderTickets('Anand', 2);
    stripe.confirmPayment(a.intentId);
    await ok('POST', '/api/confirm-payment', { paymentIntentId: a.intentId, type: 'party_ticket' });
    // B: paid, only the webhook tells the API (the phone never came back).
    const b = await orderTickets('Bhavna', 2);
    stripe.confirmPayment(b.intentId);
    await waitUntil(async () => (await partyStatus(b.orderId)) === 'paid');
    // L: the buyer waits on the card form until the hold lapses (set in the past here) ...
    const late = await orderTickets('Lakshmi', 2);
    await db.query('UPDATE party_orders SET holdExpiresAt = ? WHERE id = ?', ['2020-01-01 00:00:00', late.orderId]);
    // ... C takes the last two tickets ...
    const c = await orderTickets('Chitra', 2);
    stripe.confirmPayment(c.intentId);
    await waitUntil(async () => (await partyStatus(c.orderId)) === 'paid');
    // ... and L's payment succeeds after all: sold out, so the API refunds it.
    stripe.confirmPayment(late.intentId);
    await waitUntil(async () => (await partyStatus(late.orderId)) === 'refunded');
    const lateConfirm = await call('POST', '/api/confirm-payment', { paymentIntentId: late.intentId, type: 'party_ticket' });

    // ---- Drinks paid now.
    const menu = await ok('GET', '/api/drinks');
    /** @typedef {{ id: string, name: string, price: number }} MenuDrink */
    const drink = (/** @type {string} */ id) => {
      const d = /** @type {MenuDrink[]} */ (menu).find((m) => m.id === id);
      if (!d) throw new Error(`no drink ${id} on the menu`);
      return { id: d.id, name: d.name, price: d.price };
    };
    const lines = (/** @type {[string, number][]} */ ...items) => items.map(([id, quantity]) => ({ ...drink(id), quantity }));
    const drinkStatus = async (/** @type {string} */ orderId) =>
      (await db.query('SELECT status FROM drink_orders WHERE id = ?', [orderId]))[0]?.status;
    /**
     * @param {string} name
     * @param {(MenuDrink & { quantity: number })[]} items
     */
    async function startDrinks(name, items) {
      const created = await ok('POST', '/api/drink-payment-intent', {
        customerName: name,
        customerEmail: `${name.toLowerCase()}@example.com`,
        tableNumber: '7',
        items,
        total: priceDrinks(items).totalCents,
      });
      return { orderId: created.orderId, intentId: intentOf(created.clientSecret) };
    }
    /**
     * @param {{ orderId: string, intentId: string }} order
     */
    async function payDrinks(order, { browser = false } = {}) {
      stripe.confirmPayment(order.intentId);
      if (browser) await call('POST', '/api/confirm-drink-payment', { paymentIntentId: order.intentId });
      await waitUntil(async () => ['paid', 'refunded'].includes(String(await drinkStatus(order.orderId))));
      return order;
    }
    const d1 = await payDrinks(await startDrinks('Deepa', lines(['mango-lassi', 2], ['masala-chai', 1])), { browser: true });
    const d2 = await payDrinks(await startDrinks('Dev', lines(['kingfisher', 2])));
    // Two guests start paying for the last Rose Pistachio Lassi: the first gets it, the second's
    // payment is refunded (stock is taken when an order is placed, not when payment starts).
    const scarce = 'rose-pistachio-lassi';
    await ok('PATCH', `/api/admin/drinks/${scarce}`, { available: 1 }, { Cookie: cookie });
    const e1 = await startDrinks('Esha', lines([scarce, 1]));
    const e2 = await startDrinks('Eswar', lines([scarce, 1]));
    await payDrinks(e1);
    await payDrinks(e2);

    // ---- Tabs: T1 is charged at close; T2 stays open.
    /**
     * @param {string} name
     * @param {{ browser: boolean }} options
     */
    async function openTab(name, { browser }) {
      const created = await ok('POST', '/api/drink-tab', { customerName: name, tableNumber: '9' });
      const setupIntentId = intentOf(created.clientSecret);
      stripe.confirmSetup(setupIntentId);
      if (browser) await ok('POST', '/api/drink-tab/confirm-setup', { tabId: created.tabId, setupIntentId });
      await waitUntil(async () => (await db.query('SELECT status FROM drink_tabs WHERE id = ?', [created.tabId]))[0]?.status === 'open');
      return created;
    }
    /**
     * @param {{ tabId: string, tabToken: string }} tab
     * @param {(MenuDrink & { quantity: number })[]} items
     */
    async function orderOnTab(tab, items) {
      return ok('POST', `/api/drink-tab/${tab.tabId}/orders`, { tabToken: tab.tabToken, items, total: priceDrinks(items).totalCents });
    }
    const t1 = await openTab('Farhan', { browser: true });
    await orderOnTab(t1, lines(['masala-chai', 2]));
    await orderOnTab(t1, lines(['mango-lassi', 1]));
    const closed = await ok('POST', `/api/admin/drink-tabs/${t1.tabId}/close`, undefined, { Cookie: cookie });
    const t2 = await openTab('Gita', { browser: false });
    await orderOnTab(t2, lines(['kingfisher', 1]));

    await stripe.settled();
    // Confirmation e-mails go out in the background: three tickets paid, one refund notice.
    await waitUntil(() => sink.messages.length >= 4, { timeoutMs: 10_000 });
    await waitUntil(
      async () => Number((await db.query("SELECT COUNT(*) AS n FROM party_orders WHERE emailStatus IN ('pending', 'sending')"))[0].n) === 0,
      { timeoutMs: 10_000 },
    );

    /** What staff, guests and the gateway see, plus the rows behind it. */
    async function snapshot() {
      const tabsOf = async (/** @type {{ tabId: string, tabToken: string }} */ tab) =>
        (await call('GET', `/api/drink-tab/${tab.tabId}`, undefined, { 'X-Tab-Token': tab.tabToken })).body;
      const recentBar = (await staff('GET', '/api/admin/bar/orders')).body;
      return {
        'party orders': await db.query(
          'SELECT id, status, adultTickets, childTickets, paymentIntentId, refundId, emailStatus, paidAt FROM party_orders ORDER BY id',
        ),
        'tickets remaining': (await call('GET', '/api/party-ticket-stats')).body,
        "staff's paid tickets": (await staff('GET', '/api/party-tickets')).body,
        'drink orders': await db.query(
          'SELECT id, number, status, barStatus, tabId, refundId, failureReason, placedAt FROM drink_orders ORDER BY id',
        ),
        'drink stock': /** @type {{ id: string, available: number }[]} */ ((await call('GET', '/api/drinks')).body).map((d) => [
          d.id,
          d.available,
        ]),
        'bar queue': recentBar,
        'tabs (staff)': (await staff('GET', '/api/admin/drink-tabs')).body,
        'tabs (guests)': [await tabsOf(t1), await tabsOf(t2)],
        'tab rows': await db.query(
          'SELECT id, status, chargedCents, chargePaymentIntentId, chargeKey, closedAt, closedBy FROM drink_tabs ORDER BY id',
        ),
        'refunds at the gateway': stripe.refunds.map((r) => [r.payment_intent, r.amount]),
        'charges at the gateway': [...stripe.intents.values()]
          .filter((i) => i.status === 'succeeded')
          .map((i) => [i.id, i.amount, i.metadata]),
        'e-mails sent': sink.messages.map((m) => `${m.envelopeTo.join(',')}: ${m.parsed.subject ?? ''}`).sort(),
        'ticket sales in analytics': await db.query(
          "SELECT entityId, COUNT(*) AS n FROM analytics_events WHERE eventType = 'party_order_completed' GROUP BY entityId ORDER BY entityId",
        ),
      };
    }

    // ---- What the first deliveries did.
    const firstEvents = stripe.events.map((r) => r.event);
    const first = await snapshot();
    const types = countBy(firstEvents.map((e) => e.type));
    console.log(
      `  ${firstEvents.length} events produced by the flow: ${Object.entries(types)
        .map(([t, n]) => `${t} ×${n}`)
        .join(', ')}`,
    );
    const firstStatuses = stripe.events.map((r) => r.firstStatus ?? 0);
    checks.check(
      firstStatuses.every((s) => s >= 200 && s < 300),
      'every first delivery answered 2xx',
      `${firstStatuses.filter((s) => s >= 200 && s < 300).length}/${firstStatuses.length}`,
    );
    const statusOf = (/** @type {string} */ id) => first['party orders'].find((o) => o.id === id)?.status;
    checks.check(
      [a, b, c].every((o) => statusOf(o.orderId) === 'paid') && statusOf(late.orderId) === 'refunded',
      'the flow itself: three ticket orders paid, the late payment after the sell-out refunded',
      `${[a, b, c, late].map((o) => statusOf(o.orderId)).join(', ')}; remaining ${first['tickets remaining'].remaining}; late buyer told ${lateConfirm.status}`,
    );
    const dStatus = (/** @type {string} */ id) => first['drink orders'].find((o) => o.id === id)?.status;
    checks.check(
      dStatus(d1.orderId) === 'paid' &&
        dStatus(d2.orderId) === 'paid' &&
        dStatus(e1.orderId) === 'paid' &&
        dStatus(e2.orderId) === 'refunded',
      'the flow itself: drinks paid now placed at the bar, the second guest for the last lassi refunded',
      [d1, d2, e1, e2].map((o) => dStatus(o.orderId)).join(', '),
    );
    checks.check(
      closed.status === 'closed' && first['tabs (guests)'][1].status === 'open' && first['refunds at the gateway'].length === 2,
      'the flow itself: one tab charged at close, one still open; two refunds at the gateway',
      `tab 1 ${closed.status} ${closed.chargedCents} cents, tab 2 ${first['tabs (guests)'][1].status}; ${first['refunds at the gateway'].length} refunds`,
    );
    // Drinks paid and the tab charged also get their itemised receipts (docs/tips-and-receipts.md),
    // checked for their content by tips.int-spec.ts; here what counts is that replays add none.
    const receipts = first['e-mails sent'].filter((line) => /: Your (updated )?receipt from /.test(line));
    checks.check(
      first['e-mails sent'].length - receipts.length === 4 && receipts.length > 0,
      'the flow itself: three ticket confirmations and one refund notice e-mailed, and the drinks receipts',
      `${first['e-mails sent'].length - receipts.length} ticket e-mails, ${receipts.length} receipts`,
    );

    // ---- Replay: every event twice, reversed one after the other, then shuffled and concurrent.
    const rand = random(Number(args.seed));
    /** @type {[import('@festival/test-kit').StandInEvent, number][]} */
    const answers = [];
    for (const event of [...firstEvents].reverse()) answers.push([event, await stripe.deliver(event)]);
    const second = shuffled(firstEvents, rand);
    for (let i = 0; i < second.length; i += 4) {
      const batch = second.slice(i, i + 4);
      const statuses = await Promise.all(batch.map((event) => stripe.deliver(event)));
      batch.forEach((event, j) => answers.push([event, statuses[j]]));
    }
    // Let anything a replay set off in the background (an e-mail, a refund) happen.
    await sleep(1500);
    await waitUntil(async () => {
      const before = sink.messages.length;
      await sleep(500);
      return sink.messages.length === before;
    });
    const after = await snapshot();

    const notOk = answers.filter(([, s]) => !(s >= 200 && s < 300));
    const fivexx = answers.filter(([, s]) => s >= 500 || s === 0);
    console.log(
      `  ${answers.length} replays: ${Object.entries(countBy(answers.map(([, s]) => s)))
        .map(([s, n]) => `${s} ×${n}`)
        .join(', ')}`,
    );
    Object.assign(figures, {
      events: firstEvents.length,
      eventTypes: types,
      firstDeliveries: countBy(firstStatuses),
      replays: answers.length,
      replayAnswers: countBy(answers.map(([, st]) => st)),
      ticketOrders: first['party orders'].length,
      drinkOrders: first['drink orders'].length,
      tabs: first['tab rows'].length,
      refunds: first['refunds at the gateway'].length,
      emails: first['e-mails sent'].length,
      seed: Number(args.seed),
    });
    checks.check(
      notOk.length === 0,
      'every replay answered 2xx (Stripe stops retrying)',
      notOk.length
        ? notOk
            .slice(0, 3)
            .map(([e, s]) => `${e.type} ${s}`)
            .join('; ')
        : `${answers.length} replays`,
    );
    checks.check(fivexx.length === 0, 'no replay answered 5xx', `${fivexx.length}`);
    for (const [what, value] of Object.entries(first)) {
      const same = isDeepStrictEqual(value, after[/** @type {keyof typeof first} */ (what)]);
      checks.check(
        same,
        `${what}: unchanged by the replays`,
        same
          ? ''
          : `before ${JSON.stringify(value).slice(0, 300)} after ${JSON.stringify(after[/** @type {keyof typeof first} */ (what)]).slice(0, 300)}`,
      );
    }
  },
);
