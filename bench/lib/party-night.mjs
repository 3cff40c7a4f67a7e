// The party night, bounded: many guests at once reading the menu and ticket stats, posting
// analytics, buying tickets (and drinks, when the drinks API is there) against a running API on
// 127.0.0.1. Then it checks the promises: no 5xx, no oversold tickets, every paid order present.
//   import { partyNight } from './lib/party-night.mjs'
import { percentile } from '@festival/test-kit';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CARD = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };

/**
 * A 5xx answer: what was asked, what came back, and when.
 * @typedef {{ action: string, status: number, body: string, json: boolean, startedAt: number, endedAt: number, ms: number }} ServerError
 * @typedef {{ action: string, error: string, startedAt: number, endedAt: number }} NetworkError
 */

/**
 * What a failed fetch says: the system error's code (ECONNREFUSED…), or the error's name.
 * @param {unknown} error
 */
export function networkError(error) {
  const { cause, name } = /** @type {{ cause?: { code?: string }, name?: string }} */ (error ?? {});
  return String(cause?.code ?? name ?? error);
}

class Recorder {
  constructor() {
    /** @type {Map<string, { latencies: number[], statuses: Record<string, number> }>} */
    this.byAction = new Map();
    /** @type {ServerError[]} */
    this.serverErrors = [];
    this.networkErrors = 0;
    /** @type {NetworkError[]} */
    this.networkErrorList = [];
  }
  /**
   * @param {string} action
   * @param {number} ms
   * @param {number | 'network'} status
   */
  add(action, ms, status) {
    let entry = this.byAction.get(action);
    if (!entry) this.byAction.set(action, (entry = { latencies: [], statuses: {} }));
    entry.latencies.push(ms);
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  }
  /** @param {number} seconds */
  summary(seconds) {
    /** @type {number[]} */
    const all = [];
    /** @type {Record<string, { requests: number, p50: number, p99: number, statuses: Record<string, number> }>} */
    const actions = {};
    for (const [action, { latencies, statuses }] of this.byAction) {
      all.push(...latencies);
      actions[action] = { requests: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses };
    }
    return {
      requests: all.length,
      throughput: Math.round(all.length / seconds),
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      serverErrors: this.serverErrors.length,
      networkErrors: this.networkErrors,
      actions,
    };
  }
}

/**
 * One request of a guest, recorded with its time and status.
 * @param {Recorder} recorder
 * @param {string} action
 * @param {string} url
 * @param {RequestInit & { headers?: Record<string, string> }} [init]
 */
async function call(recorder, action, url, init = {}) {
  const started = performance.now();
  const startedAt = Date.now();
  try {
    const res = await fetch(url, {
      ...init,
      headers: { 'Content-Type': 'application/json', 'User-Agent': PHONE_UA, ...(init.headers ?? {}) },
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    recorder.add(action, ms, res.status);
    let body;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (res.status >= 500) {
      recorder.serverErrors.push({
        action,
        status: res.status,
        body: text.slice(0, 200),
        json: (res.headers.get('content-type') ?? '').includes('application/json') && typeof body?.message === 'string',
        startedAt,
        endedAt: Date.now(),
        ms,
      });
    }
    return { status: res.status, body };
  } catch (error) {
    recorder.networkErrors += 1;
    recorder.networkErrorList.push({ action, error: networkError(error), startedAt, endedAt: Date.now() });
    recorder.add(action, performance.now() - started, 'network');
    return { status: 0, body: undefined, error };
  }
}

/**
 * Runs `guests` concurrent guests for `seconds` against `baseUrls` (round robin, e.g. two API
 * replicas). Returns the figures, the list of broken promises (empty when all held) and every
 * 5xx and network error with its time. `excuse(error)` may excuse a 5xx from the "no 5xx"
 * promise (a fault script excuses the clear 503s of a database outage); excused ones are counted
 * apart. A guest whose confirmation answers 503 or does not arrive tries again a few times, a
 * second apart, as the payment page lets them.
 */
/**
 * @param {{ baseUrls: string[], guests: number, seconds: number, staffPassword: string, capacity: number, buyShare?: number, excuse?: (error: ServerError) => boolean }} options
 */
export async function partyNight({ baseUrls, guests, seconds, staffPassword, capacity, buyShare = 0.08, excuse = () => false }) {
  const recorder = new Recorder();
  const paidOrders = new Set();
  let soldOutAnswers = 0;
  let urlIndex = 0;
  const base = () => baseUrls[urlIndex++ % baseUrls.length];
  const hasDrinks =
    (await fetch(`${baseUrls[0]}/api/drinks`).then(
      (r) => r.status,
      () => 0,
    )) === 200;
  const deadline = Date.now() + seconds * 1000;

  /** @param {number} guest */
  async function buyTickets(guest) {
    const adultTickets = 1 + (guest % 3);
    const quote = await call(recorder, 'party-quote', `${base()}/api/party-quote`, {
      method: 'POST',
      body: JSON.stringify({ adultTickets, childTickets: 0 }),
    });
    if (quote.status !== 200) return;
    const intent = await call(recorder, 'party-payment-intent', `${base()}/api/party-payment-intent`, {
      method: 'POST',
      body: JSON.stringify({
        customerName: `Guest ${guest}`,
        customerEmail: `guest${guest}.${Date.now()}@example.com`,
        customerPhone: '4085550100',
        adultTickets,
        childTickets: 0,
        totalAmount: quote.body.totalCents,
      }),
    });
    if (intent.status === 409) {
      soldOutAnswers += 1;
      return;
    }
    if (intent.status !== 200) return;
    const paid = await call(recorder, 'simulated-card', `${base()}/api/payments/simulated/confirm`, {
      method: 'POST',
      body: JSON.stringify({ clientSecret: intent.body.clientSecret, ...CARD }),
    });
    if (paid.status !== 200) return;
    const confirmPayment = () =>
      call(recorder, 'confirm-payment', `${base()}/api/confirm-payment`, {
        method: 'POST',
        body: JSON.stringify({ paymentIntentId: paid.body.id, type: 'party_ticket' }),
      });
    let confirm = await confirmPayment();
    for (let attempt = 2; attempt <= 20 && (confirm.status === 503 || confirm.status === 0); attempt += 1) {
      await new Promise((r) => setTimeout(r, 1000));
      confirm = await confirmPayment();
    }
    if (confirm.status === 200 && confirm.body?.status === 'paid') paidOrders.add(confirm.body.orderId);
  }

  /** @param {number} guest */
  async function guestLoop(guest) {
    const sessionId = `loadtest-session-${guest}-${Math.random().toString(36).slice(2, 10)}`;
    let bought = false;
    while (Date.now() < deadline) {
      const roll = Math.random();
      if (roll < 0.3) {
        await call(recorder, hasDrinks ? 'drinks-menu' : 'site', `${base()}${hasDrinks ? '/api/drinks' : '/api/site'}`);
      } else if (roll < 0.6) {
        await call(recorder, 'ticket-stats', `${base()}/api/party-ticket-stats`);
      } else if (roll < 1 - buyShare) {
        await call(recorder, 'analytics', `${base()}/api/analytics`, {
          method: 'POST',
          body: JSON.stringify({
            eventType: 'party_page_view',
            sessionId,
            pageViewId: `${sessionId}-pv`,
            utmSource: 'instagram',
            utmMedium: 'social',
          }),
        });
      } else if (!bought) {
        bought = true;
        await buyTickets(guest);
      }
    }
  }

  const started = Date.now();
  await Promise.all(Array.from({ length: guests }, (_, i) => guestLoop(i)));
  const elapsed = (Date.now() - started) / 1000;
  const figures = recorder.summary(elapsed);

  // The promises, checked against what the staff would see.
  /** @type {string[]} */
  const broken = [];
  const unexcused = recorder.serverErrors.filter((e) => !excuse(e));
  if (unexcused.length > 0) broken.push(`${unexcused.length} answers were 5xx, e.g. ${JSON.stringify(unexcused[0])}`);
  const login = await fetch(`${baseUrls[0]}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: staffPassword }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const tickets = /** @type {import('./stand.mjs').TicketRow[]} */ (
    await (await fetch(`${baseUrls[0]}/api/party-tickets`, { headers: { Cookie: cookie } })).json()
  );
  const sold = tickets.reduce((n, t) => n + t.adultTickets + t.childTickets, 0);
  const stats = /** @type {{ remaining: number }} */ (await (await fetch(`${baseUrls[0]}/api/party-ticket-stats`)).json());
  if (sold > capacity) broken.push(`oversold: ${sold} tickets paid for a capacity of ${capacity}`);
  if (stats.remaining < 0) broken.push(`remaining went below zero: ${stats.remaining}`);
  const present = new Set(tickets.map((t) => t.id));
  const missing = [...paidOrders].filter((id) => !present.has(id));
  if (missing.length > 0) broken.push(`${missing.length} paid orders missing from the staff list`);

  return {
    figures: {
      ...figures,
      excusedServerErrors: figures.serverErrors - unexcused.length,
      seconds: elapsed,
      guests,
      paidOrders: paidOrders.size,
      ticketsSold: sold,
      soldOutAnswers,
      capacity,
    },
    broken,
    serverErrors: recorder.serverErrors,
    networkErrors: recorder.networkErrorList,
    paidOrderIds: [...paidOrders],
  };
}
