// The attacks of bench/security/abuse.mjs on the limits around orders, paths and sign-ins
// (docs/RELIABILITY.md, "Late payments", "Paths" and "Abuse"): a released hold paid at its old
// terms, every spelling of a limited route, pre-order payments started past the limit, and junk
// device passes sent from the venue's shared address. Each takes the run's context from
// abuse.mjs and reports one held/broken line; bounded in count and time, 127.0.0.1 only.
import { priceFeastOrder } from '@festival/contracts';

/**
 * @typedef {{ status: number, body: any, headers: Headers }} Answer
 * @typedef {{
 *   base: string,
 *   replicaUrl: string,
 *   replicaUrls: string[],
 *   replicas: number,
 *   staff: string,
 *   post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<Answer>,
 *   report: (attack: string, ok: boolean, outcome: string, figures?: Record<string, unknown>) => void,
 * }} AttackContext
 * `base`: the site as clients reach it (nginx or the embedded server); `replicaUrl`: an API
 * replica itself (nginx micro-caches the public reads for a second), `replicaUrls` every one;
 * `staff`: the manager's session cookie; `replicas`: how many API processes share the limits.
 */

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
/**
 * The documented defaults (README), per client address: payment starts per route per 10 minutes
 * and analytics events per minute, counted once for all replicas; refused device passes per 15 minutes.
 */
const PAYMENT_STARTS_PER_10_MINUTES = 60;
const ANALYTICS_EVENTS_PER_MINUTE = 120;
const LOGIN_ATTEMPTS_PER_15_MINUTES = 10;
const KB = 1024;
/** The body limit of every route that declares none (api/src/common/request-body.ts). */
const DEFAULT_BODY_BYTES = 16 * KB;

/**
 * The routes with a per-address rate limit or a body limit of their own: the handlers'
 * `@RateLimit` and `@BodyLimit` (api/src/common/route-facts.ts), read at boot into the limit
 * tables; api/test/route-facts.int-spec.ts lists the same tables. Each is checked against the
 * API's OpenAPI document (GET /api/docs) before the attack, so a route renamed there fails the
 * run instead of being skipped. `limit`: requests per address per window on each replica;
 * `bodyBytes`: the route's body limit (16 KB, the default, when it declares none).
 */
const LIMITED_ROUTES = [
  { path: '/api/analytics', limit: ANALYTICS_EVENTS_PER_MINUTE, bodyBytes: 32 * KB },
  { path: '/api/party-payment-intent', limit: PAYMENT_STARTS_PER_10_MINUTES, bodyBytes: 12 * KB },
  { path: '/api/drink-payment-intent', limit: PAYMENT_STARTS_PER_10_MINUTES, bodyBytes: DEFAULT_BODY_BYTES },
  { path: '/api/drink-tab', limit: PAYMENT_STARTS_PER_10_MINUTES, bodyBytes: DEFAULT_BODY_BYTES },
  { path: '/api/feast-order-intent', limit: PAYMENT_STARTS_PER_10_MINUTES, bodyBytes: DEFAULT_BODY_BYTES },
  { path: '/api/party-quote', limit: 0, bodyBytes: 4 * KB },
  { path: '/api/campaigns', limit: 0, bodyBytes: 2048 * KB },
  { path: '/api/webhooks/stripe', limit: 0, bodyBytes: 256 * KB },
];

/** The spellings of `/api/<route>` that must be no route at all (or the route, with its limits). */
const variantsOf = (/** @type {string} */ path) => [
  `${path}/`,
  path.replace('/api/', '/api//'),
  `/${path}`,
  path.toUpperCase(),
  `${path}%2F`,
  path.replace('/api/', '/api%2F'),
];

/** The headers a page of the site sends with its own POSTs. */
const browser = (/** @type {string} */ base) => ({ Origin: new URL(base).origin, 'Sec-Fetch-Site': 'same-origin' });
const postJson = (/** @type {unknown} */ body, /** @type {Record<string, string>} */ headers) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const intentIdOf = (/** @type {string} */ clientSecret) => String(clientSecret).split('_secret_')[0];
const count = (/** @type {number[]} */ statuses) =>
  statuses.reduce((/** @type {Record<number, number>} */ all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});

/**
 * @param {string} url
 * @param {string} cookie
 */
async function getJson(url, cookie) {
  const res = await fetch(url, { headers: { Cookie: cookie } });
  return { status: res.status, body: /** @type {any} */ (await res.json().catch(() => ({}))) };
}

/**
 * @param {string} url
 * @param {string} cookie
 * @param {unknown} body
 */
async function putJson(url, cookie, body) {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: /** @type {any} */ (await res.json().catch(() => ({}))) };
}

/**
 * A raw POST (the body as given); the answer's body is not read.
 * @param {string} url
 * @param {string} body
 */
async function postRaw(url, body) {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  await res.arrayBuffer();
  return { status: res.status, body: {}, headers: res.headers };
}

/**
 * Sends `send()` four at a time (spread over the replicas) until a whole batch answers 429, at
 * most `limit * replicas` and a margin: every replica has then used up its count of this route
 * and address. Answers every answer, in order, and whether the route ended limited.
 * @param {AttackContext} ctx
 * @param {number} limit per replica
 * @param {() => Promise<Answer>} send
 */
async function untilLimited(ctx, limit, send) {
  /** @type {Answer[]} */
  const answers = [];
  let limited = false;
  while (!limited && answers.length < limit * ctx.replicas + 12) {
    const batch = await Promise.all([send(), send(), send(), send()]);
    answers.push(...batch);
    limited = batch.every((a) => a.status === 429);
  }
  return { answers, limited };
}

/**
 * A parked order paid at stale terms: an order with a one-use promo code is released when the
 * same buyer starts another one, which takes the code and is paid; then the first order's card
 * form, still open in another tab, is submitted. Held when that payment is refused, or ends
 * refunded with the reason told to the buyer and kept on the order, and the code is used at
 * most once.
 * @param {AttackContext} ctx
 */
export async function latePaymentOfReleasedHold(ctx) {
  const staff = { Cookie: ctx.staff };
  const code = `ONCE${Date.now().toString(36).toUpperCase()}`;
  const created = await ctx.post('/api/admin/promo-codes', { code, percentOff: 50, maxUses: 1, validUntil: null, active: true }, staff);
  const quote = await ctx.post('/api/party-quote', { adultTickets: 1, childTickets: 0, promoCode: code }, browser(ctx.base));
  const order = {
    customerName: 'Parked Buyer',
    customerEmail: 'parked.buyer@example.com',
    customerPhone: '4085550142',
    adultTickets: 1,
    childTickets: 0,
    promoCode: code,
    totalAmount: quote.body.totalCents,
  };
  const pay = (/** @type {string} */ clientSecret) =>
    ctx.post('/api/payments/simulated/confirm', { clientSecret, ...GOOD_CARD }, browser(ctx.base));
  const confirm = (/** @type {string} */ clientSecret) =>
    ctx.post('/api/confirm-payment', { paymentIntentId: intentIdOf(clientSecret), type: 'party_ticket', clientSecret }, browser(ctx.base));

  const parked = await ctx.post('/api/party-payment-intent', order, browser(ctx.base));
  const next = await ctx.post('/api/party-payment-intent', order, browser(ctx.base));
  const nextPaid = (await pay(next.body.clientSecret)).status === 200 && (await confirm(next.body.clientSecret)).status === 200;
  const setUp = created.status === 201 && quote.status === 200 && parked.status === 200 && next.status === 200 && nextPaid;

  const card = await pay(parked.body.clientSecret);
  /** @type {{ status: number, message: string } | undefined} */
  let late;
  let orderStatus = '';
  let reasonKept = false;
  if (card.status === 200) {
    const answer = await confirm(parked.body.clientSecret);
    late = { status: answer.status, message: String(answer.body.message ?? '') };
    const details = await getJson(`${ctx.base}/api/admin/party-orders/${parked.body.orderId}`, ctx.staff);
    orderStatus = details.body.status;
    const last = details.body.timeline?.at(-1);
    reasonKept = last?.kind === 'refunded' && /late payment .* refunded: \S/.test(String(last.detail));
  }
  const codes = await getJson(`${ctx.base}/api/admin/promo-codes`, ctx.staff);
  const promo = /** @type {{ code: string, uses: number, maxUses: number } | undefined} */ (
    (Array.isArray(codes.body) ? codes.body : []).find((/** @type {{ code: string }} */ c) => c.code === code)
  );
  const refused = card.status === 400 && card.body.message === 'This payment was canceled';
  const refunded =
    late?.status === 409 &&
    /after your tickets were released, and .+ It has been refunded in full\.$/.test(late.message) &&
    orderStatus === 'refunded' &&
    reasonKept;
  const withinLimit = promo !== undefined && promo.uses <= promo.maxUses;
  ctx.report(
    "a released hold's card form paid after its promo code was taken",
    setUp && (refused || refunded) && withinLimit,
    `${card.status === 200 ? `paid, then ${late?.status} "${late?.message}", order ${orderStatus}` : `card form answered ${card.status} "${card.body.message}"`}; one-use code used ${promo?.uses ?? '?'} of ${promo?.maxUses ?? '?'}${setUp ? '' : ' (setting up failed)'}`,
    { cardStatus: card.status, cardMessage: card.body.message, late, orderStatus, uses: promo?.uses, maxUses: promo?.maxUses },
  );
}

/**
 * Pre-order payments started from one address past the payment-start limit: feast pre-orders
 * opened through the staff API, then the same buyer's pre-order started again and again (each
 * releases the last, so no hold cap stops it). Held when at most the limit on each replica start
 * and the rest answer 429 with `Retry-After`.
 * @param {AttackContext} ctx
 */
export async function feastIntentsPastTheLimit(ctx) {
  const section = await getJson(`${ctx.base}/api/admin/feast-packs`, ctx.staff);
  /** @type {{ id: string, name: string, description: string, price: number, vegetarian: boolean, hidden: boolean }[]} */
  const packs = section.body.packs ?? [];
  /** @type {{ id: string, date: string, time: string, capacity: number }[]} */
  const slots = section.body.slots ?? [];
  const pickup = new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const opened = await putJson(`${ctx.base}/api/admin/feast-packs`, ctx.staff, {
    open: true,
    packs: [
      ...packs.map(({ id, name, description, price, vegetarian, hidden }) => ({ id, name, description, price, vegetarian, hidden })),
      ...(packs.some((p) => !p.hidden)
        ? []
        : [{ name: 'Vegetarian Feast Pack', description: 'Paneer, biryani, breads', price: 3999, vegetarian: true }]),
    ],
    slots: [
      ...slots.map(({ id, date, time, capacity }) => ({ id, date, time, capacity })),
      ...(slots.length > 0 ? [] : [{ date: pickup, time: '17:00', capacity: 500 }]),
    ],
  });
  // The catalog from a replica itself: nginx may still hold the closed one for a second.
  const catalog = /** @type {import('@festival/contracts').FeastCatalog} */ (
    await (await fetch(`${ctx.replicaUrl}/api/feast-packs`)).json()
  );
  const pack = catalog.packs[0];
  const slot = catalog.slots.find((s) => s.remaining > 0);
  const intent = {
    customerName: 'Many Starts',
    customerEmail: 'many.starts@example.com',
    customerPhone: '4085550177',
    items: [{ packId: pack?.id, quantity: 1 }],
    slotId: slot?.id,
    totalAmount: pack ? priceFeastOrder([{ price: pack.price, quantity: 1 }], catalog.taxRateBasisPoints).totalCents : 0,
  };
  const started = performance.now();
  const run = await untilLimited(ctx, PAYMENT_STARTS_PER_10_MINUTES, () => ctx.post('/api/feast-order-intent', intent, browser(ctx.base)));
  const last = /** @type {Answer} */ (run.answers.at(-1));
  const limited = { message: String(last.body.message ?? ''), retryAfter: last.headers.get('retry-after') };
  const answers = count(run.answers.map((a) => a.status));
  const paymentsStarted = answers[200] ?? 0;
  // Every replica, asked directly by the same client, has the same count: each refuses too.
  const direct = await Promise.all(
    ctx.replicaUrls.map(async (url) => (await fetch(`${url}/api/feast-order-intent`, postJson(intent, browser(ctx.base)))).status),
  );
  ctx.report(
    `${run.answers.length} pre-order payments started from one client`,
    opened.status === 200 &&
      catalog.open &&
      paymentsStarted === PAYMENT_STARTS_PER_10_MINUTES &&
      run.limited &&
      direct.every((status) => status === 429) &&
      /^Too many payments started from this address/.test(limited.message) &&
      Number(limited.retryAfter) > 0,
    `${paymentsStarted} started (limit ${PAYMENT_STARTS_PER_10_MINUTES} in total, shared by ${ctx.replicas} replica(s)), then 429 "${limited.message.split('.')[0]}." with Retry-After ${limited.retryAfter}; each replica asked directly answered ${direct.join(', ')}; answers ${JSON.stringify(answers)} in ${((performance.now() - started) / 1000).toFixed(1)} s${opened.status === 200 ? '' : ` (opening pre-orders answered ${opened.status})`}`,
    {
      answers,
      started: paymentsStarted,
      limitInTotal: PAYMENT_STARTS_PER_10_MINUTES,
      replicasAskedDirectly: direct,
      message: limited.message,
    },
  );
}

/**
 * Junk device passes from the venue's shared address, then the door phone's real pass from the
 * same address. Held when the junk is refused (404, then 429 past the limit) and the real,
 * unspent pass still signs its device in.
 * @param {AttackContext} ctx
 */
export async function junkDevicePasses(ctx) {
  const device = await ctx.post('/api/admin/devices', { name: 'Front door phone', role: 'door' }, { Cookie: ctx.staff });
  const pass = String(device.body.passPath ?? '').split('#device-pass=')[1] ?? '';
  /** @type {number[]} */
  const junk = [];
  for (let i = 0; i < LOGIN_ATTEMPTS_PER_15_MINUTES + 5; i += 1) {
    junk.push((await ctx.post('/api/admin/device-pass', { pass: `junk-pass-${i}-${Date.now()}` }, browser(ctx.base))).status);
  }
  const real = await ctx.post('/api/admin/device-pass', { pass }, browser(ctx.base));
  const junkRefused =
    junk.every((s) => s === 404 || s === 429) &&
    junk.filter((s) => s === 404).length <= LOGIN_ATTEMPTS_PER_15_MINUTES &&
    junk.at(-1) === 429;
  const signedIn = real.status === 200 && real.body.authenticated === true && real.body.staff?.role === 'door';
  ctx.report(
    `${junk.length} junk device passes, then a real one, from one address`,
    device.status === 201 && junkRefused && signedIn,
    `junk answered ${JSON.stringify(count(junk))}; the real pass answered ${real.status}${signedIn ? `, signed in as ${real.body.staff.role} "${real.body.staff.name}"` : ` "${real.body.message}"`}`,
    { junk: count(junk), realStatus: real.status },
  );
}

/**
 * Every limited route's other spellings: a trailing `/`, `//`, upper case and `%2F`. Each
 * spelling, sent a body its route would judge (`{}`: a 400, 401 or 204 from a handler), must be
 * no route (404, or 405 from nginx's pages when nginx does not pass it to the API); one that
 * reaches its route must meet the route's limit: the limit is used up on the exact path and the
 * spelling must then answer 429. A body over the route's own limit, where that limit is below
 * the 16 KB every path has (a spelling of a 4 KB route must not take 16 KB), is refused on the
 * exact path (413, or 429 first) and on each spelling (404, 405, 413 or 429), never judged by
 * the handler. Run after the attacks that need these routes: it may use up their limits.
 * @param {AttackContext} ctx
 */
export async function pathVariants(ctx) {
  const started = performance.now();
  const docs = await getJson(`${ctx.base}/api/docs`, ctx.staff);
  const documented = LIMITED_ROUTES.filter((r) => docs.body.paths?.[r.path]?.post);
  /** @type {string[]} */
  const broken = [];
  /** @type {Record<string, Record<number, number>>} */
  const answers = { spellings: {}, oversize: {}, exact: {} };
  const tally = (/** @type {Record<number, number>} */ into, /** @type {number} */ status) => {
    into[status] = (into[status] ?? 0) + 1;
  };
  let spellings = 0;
  for (const route of documented) {
    let usedUp = false;
    for (const variant of variantsOf(route.path)) {
      let { status } = await postRaw(`${ctx.base}${variant}`, '{}');
      if (![404, 405].includes(status) && route.limit > 0 && !usedUp) {
        // It reached the route: then it must meet the route's limit. The limit is used up on the
        // exact path (a malformed body is counted before it is read, and starts nothing), and
        // the spelling sent again.
        const used = await untilLimited(ctx, route.limit, () => postRaw(`${ctx.base}${route.path}`, '{'));
        if (!used.limited) broken.push(`${route.path} not limited after ${used.answers.length}`);
        usedUp = true;
        status = (await postRaw(`${ctx.base}${variant}`, '{}')).status;
      }
      tally(answers.spellings, status);
      spellings += 1;
      if (![404, 405, 429].includes(status)) broken.push(`${variant} ${status}`);
    }
    if (route.bodyBytes >= DEFAULT_BODY_BYTES) continue;
    const oversize = JSON.stringify({ customerName: 'x'.repeat(route.bodyBytes + KB) });
    const exact = (await postRaw(`${ctx.base}${route.path}`, oversize)).status;
    tally(answers.exact, exact);
    if (exact !== (usedUp ? 429 : 413)) broken.push(`${route.path} with ${Math.round(oversize.length / KB)} KB ${exact}`);
    for (const variant of variantsOf(route.path)) {
      const { status } = await postRaw(`${ctx.base}${variant}`, oversize);
      tally(answers.oversize, status);
      if (![404, 405, 413, 429].includes(status)) broken.push(`${variant} with ${Math.round(oversize.length / KB)} KB ${status}`);
    }
  }
  const missing = LIMITED_ROUTES.filter((r) => !documented.includes(r)).map((r) => r.path);
  ctx.report(
    `${spellings} other spellings of the ${LIMITED_ROUTES.length} limited routes (trailing /, //, upper case, %2F)`,
    docs.status === 200 && missing.length === 0 && broken.length === 0,
    `${JSON.stringify(answers.spellings)}; over their route's own limit: ${JSON.stringify(answers.oversize)} (the exact paths ${JSON.stringify(answers.exact)}); in ${((performance.now() - started) / 1000).toFixed(1)} s${missing.length ? `; not in /api/docs: ${missing.join(', ')}` : ''}${broken.length ? `; reached a handler: ${broken.join(', ')}` : ''}`,
    { answers, broken, missing },
  );
}
