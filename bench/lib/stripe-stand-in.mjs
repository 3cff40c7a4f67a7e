// A local stand-in for the Stripe API calls the API makes (payment and setup intents,
// customers, off-session charges, refunds), which also plays Stripe's part of the webhooks:
// each change produces the events Stripe would send, signed with the webhook secret (the real
// `stripe` SDK's signing) and POSTed to the API. Every event is kept, so a script can replay
// them. The browser's part (Stripe.js confirming a card) is `confirmPayment`/`confirmSetup`.
// With `retryDelaysMs`, an event whose delivery fails (no answer, or not 2xx) is sent again after
// each delay until it is accepted, as Stripe retries a webhook (the API killed, say).
//   const stripe = await startStripeStandIn({ port: 8731, webhookUrl, webhookSecret });
import { createServer } from 'node:http';
import Stripe from 'stripe';

const signer = new Stripe('sk_test_signing_only');

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function metadataOf(body) {
  const metadata = {};
  for (const [key, value] of body) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]] = value;
  }
  return metadata;
}

/**
 * @param {{ port: number, webhookUrl: string, webhookSecret: string, retryDelaysMs?: number[] }} options
 */
export async function startStripeStandIn({ port, webhookUrl, webhookSecret, retryDelaysMs = [] }) {
  const intents = new Map();
  const setupIntents = new Map();
  const refunds = [];
  /** Every event produced, in order, with the answer of its first delivery. */
  const events = [];
  const deliveries = new Set();
  const retryTimers = new Set();
  let closed = false;
  const byIdempotencyKey = new Map();
  let counter = 0;
  const next = (prefix) => `${prefix}_standin_${(counter += 1)}`;

  /** POSTs one event, signed now; resolves with the HTTP status (0 when unreachable). */
  async function deliver(event) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    try {
      const res = await fetch(webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  /** Sends a record's event again after each of `retryDelaysMs` while it is not accepted. */
  function retryLater(record) {
    const delay = retryDelaysMs[record.attempts.length - 1];
    if (delay === undefined || closed) return;
    const timer = setTimeout(async () => {
      retryTimers.delete(timer);
      const status = await deliver(record.event);
      record.attempts.push({ at: Date.now(), status });
      if (status >= 200 && status < 300) record.acceptedAt = Date.now();
      else retryLater(record);
    }, delay);
    retryTimers.add(timer);
  }

  /** Records an event and sends it after the current answer (or `delayMs` later), as Stripe does. */
  function emit(type, object, { delayMs = 0 } = {}) {
    const event = {
      id: next('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: structuredClone(object) },
    };
    /** `attempts`: every delivery with its status (0: unreachable); `acceptedAt`: the first 2xx. */
    const record = { event, firstStatus: undefined, attempts: [], acceptedAt: undefined };
    events.push(record);
    const delivery = new Promise((resolve) => (delayMs > 0 ? setTimeout(resolve, delayMs) : setImmediate(resolve)))
      .then(() => deliver(event))
      .then((status) => {
        record.firstStatus = status;
        record.attempts.push({ at: Date.now(), status });
        if (status >= 200 && status < 300) record.acceptedAt = Date.now();
        else retryLater(record);
      })
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  function charge(intent) {
    return {
      id: `ch_${intent.id}`,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: intent.refunded ? intent.amount : 0,
      refunded: Boolean(intent.refunded),
      currency: intent.currency,
      paid: true,
      status: 'succeeded',
      payment_intent: intent.id,
      metadata: intent.metadata,
    };
  }

  /** The intent as Stripe shows it (without the stand-in's own bookkeeping). */
  const publicIntent = (intent) => {
    const { refunded: _refunded, ...shown } = intent;
    return shown;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '').split('?')[0];
      const key = req.headers['idempotency-key'];
      const send = (status, json) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${counter}` });
        res.end(JSON.stringify(json));
      };
      const cacheKey = key ? `${req.method} ${path} ${key}` : undefined;
      if (cacheKey && byIdempotencyKey.has(cacheKey)) return send(200, byIdempotencyKey.get(cacheKey));
      const remember = (json) => {
        if (cacheKey) byIdempotencyKey.set(cacheKey, json);
        return send(200, json);
      };

      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const offSession = body.get('confirm') === 'true';
        const id = next('pi');
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency') ?? 'usd',
          status: offSession ? 'succeeded' : 'requires_payment_method',
          client_secret: `${id}_secret_standin`,
          customer: body.get('customer') ?? null,
          payment_method: body.get('payment_method') ?? null,
          metadata: metadataOf(body),
          last_payment_error: null,
          refunded: false,
        };
        intents.set(id, intent);
        emit('payment_intent.created', publicIntent(intent));
        if (offSession) {
          emit('charge.succeeded', charge(intent));
          emit('payment_intent.succeeded', publicIntent(intent));
        }
        return remember(publicIntent(intent));
      }
      const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && intentPath) {
        const intent = intents.get(intentPath[1]);
        return intent ? send(200, publicIntent(intent)) : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      }
      if (req.method === 'POST' && path === '/v1/customers') {
        const customer = { id: next('cus'), object: 'customer', name: body.get('name'), email: body.get('email') };
        emit('customer.created', customer);
        return remember(customer);
      }
      if (req.method === 'POST' && path === '/v1/setup_intents') {
        const id = next('seti');
        const setup = {
          id,
          object: 'setup_intent',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_standin`,
          customer: body.get('customer') ?? '',
          payment_method: null,
          usage: body.get('usage') ?? 'on_session',
          metadata: metadataOf(body),
        };
        setupIntents.set(id, setup);
        emit('setup_intent.created', setup);
        return remember(setup);
      }
      const setupPath = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && setupPath) {
        const setup = setupIntents.get(setupPath[1]);
        return setup ? send(200, setup) : send(404, { error: { type: 'invalid_request_error', message: 'No such setup_intent' } });
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const intent = intents.get(body.get('payment_intent') ?? '');
        if (!intent || intent.status !== 'succeeded') {
          return send(400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent does not have a successful charge to refund.' } });
        }
        if (intent.refunded) {
          return send(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ch_${intent.id} has already been refunded.` } });
        }
        intent.refunded = true;
        const refund = { id: next('re'), object: 'refund', amount: intent.amount, status: 'succeeded', payment_intent: intent.id, charge: `ch_${intent.id}`, metadata: {} };
        refunds.push(refund);
        emit('charge.refunded', charge(intent));
        emit('refund.created', refund);
        return remember(refund);
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${path})` } });
    })();
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    setupIntents,
    refunds,
    events,
    deliver,
    /**
     * The buyer's card succeeds in the browser (Stripe.js): the intent succeeds, events follow
     * (`webhookDelayMs` later, for a webhook that arrives late).
     */
    confirmPayment(intentId, { webhookDelayMs = 0 } = {}) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no payment intent ${intentId}`);
      intent.status = 'succeeded';
      intent.payment_method = next('pm');
      emit('charge.succeeded', charge(intent), { delayMs: webhookDelayMs });
      emit('payment_intent.succeeded', publicIntent(intent), { delayMs: webhookDelayMs });
    },
    /** The guest saves a card in the browser: the setup intent succeeds, its event follows. */
    confirmSetup(setupIntentId) {
      const setup = setupIntents.get(setupIntentId);
      if (!setup) throw new Error(`no setup intent ${setupIntentId}`);
      setup.status = 'succeeded';
      setup.payment_method = next('pm');
      emit('setup_intent.succeeded', setup);
    },
    /** Resolves once every first delivery so far has been answered. */
    async settled() {
      while (deliveries.size > 0) await Promise.all([...deliveries]);
    },
    close: () =>
      new Promise((resolve) => {
        closed = true;
        for (const timer of retryTimers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
