// A local stand-in for the Stripe API calls the API makes (payment and setup intents,
// customers, off-session charges, refunds), so the real `stripe` SDK runs offline against it
// (`STRIPE_API_URL`). It honours idempotency keys like Stripe, records every request, and plays
// Stripe's part of the webhooks: each change produces the events Stripe would send, kept in
// order so a script can replay them; with `webhook`, each is signed with the webhook secret (the
// real SDK's signing) and POSTed to the API, and with `retryDelaysMs` an event that is not
// accepted (no answer, or not 2xx) is sent again after each delay, as Stripe retries a webhook.
// The browser's part (Stripe.js confirming a card) is `confirmPayment`/`confirmSetup`.
//   const stripe = await startStripeStandIn({ port: 8731, webhook: { url, secret } });
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: URLSearchParams;
}

export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  /** `off_session` when the card it is paid with is kept on its customer. */
  setup_future_usage: string | null;
  metadata: Record<string, string>;
  last_payment_error: null;
  /** Seconds since 1970, as Stripe has it. */
  created: number;
}

export interface StandInSetupIntent {
  id: string;
  object: 'setup_intent';
  status: string;
  client_secret: string;
  customer: string;
  payment_method: string | null;
  usage: string;
  metadata: Record<string, string>;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  status: 'succeeded';
  payment_intent: string;
  charge: string;
  metadata: Record<string, string>;
}

export interface StandInEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  type: string;
  data: { object: unknown };
}

/** One delivery of an event: when, and the HTTP status (0: the API did not answer). */
export interface DeliveryAttempt {
  at: number;
  status: number;
}

export interface EventRecord {
  event: StandInEvent;
  /** The status of the first delivery, once made. */
  firstStatus: number | undefined;
  attempts: DeliveryAttempt[];
  /** When a delivery was first accepted (2xx). */
  acceptedAt: number | undefined;
}

export interface StripeStandInOptions {
  /** The port on 127.0.0.1; by default a free one. */
  port?: number;
  /** Where the events go, signed with `secret`; without it they are only recorded. */
  webhook?: { url: string; secret: string; retryDelaysMs?: number[] };
}

export interface StripeStandIn {
  url: string;
  /** Every request the API made, in order. */
  requests: RecordedStripeRequest[];
  /** The intents as the stand-in holds them; a test may change one (its status) directly. */
  intents: Map<string, StandInPaymentIntent>;
  setupIntents: Map<string, StandInSetupIntent>;
  refunds: StandInRefund[];
  /** The payment methods detached (`POST /v1/payment_methods/:id/detach`), in order. */
  detached: string[];
  /** Every event produced, in order, with its deliveries. */
  events: EventRecord[];
  /** POSTs one event to the webhook, signed now; resolves with the HTTP status (0 when unreachable). */
  deliver(event: StandInEvent): Promise<number>;
  /** The buyer's card succeeds in the browser: the intent succeeds, its events follow (`webhookDelayMs` later, for a late webhook). */
  confirmPayment(intentId: string, options?: { webhookDelayMs?: number }): void;
  /** The guest saves a card in the browser: the setup intent succeeds, its event follows. */
  confirmSetup(setupIntentId: string): void;
  /** Resolves once every first delivery so far has been answered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A saved card whose off-session charges the stand-in declines, like Stripe's test card. */
export const DECLINING_PAYMENT_METHOD = 'pm_card_chargeDeclined';

const signer = new Stripe('sk_test_signing_only');

async function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Stripe's `metadata[key]=value` form fields back into an object. */
function metadataOf(body: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of body) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]] = value;
  }
  return metadata;
}

const accepted = (status: number) => status >= 200 && status < 300;
const invalidRequest = (message: string, code?: string) => ({
  error: { type: 'invalid_request_error', ...(code ? { code } : {}), message },
});

export async function startStripeStandIn({ port = 0, webhook }: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const requests: RecordedStripeRequest[] = [];
  const intents = new Map<string, StandInPaymentIntent>();
  const setupIntents = new Map<string, StandInSetupIntent>();
  /** The cents refunded of each intent (Stripe shows it on the charge, not on the intent). */
  const refunded = new Map<string, number>();
  const refunds: StandInRefund[] = [];
  const detached: string[] = [];
  const events: EventRecord[] = [];
  const deliveries = new Set<Promise<void>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const byIdempotencyKey = new Map<string, unknown>();
  let closed = false;
  let counter = 0;
  const next = (prefix: string) => `${prefix}_standin_${(counter += 1)}`;

  async function deliver(event: StandInEvent): Promise<number> {
    if (!webhook) return 0;
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhook.secret });
    try {
      const res = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  function attempted(record: EventRecord, status: number): void {
    record.firstStatus ??= status;
    record.attempts.push({ at: Date.now(), status });
    if (accepted(status)) record.acceptedAt = Date.now();
    else retryLater(record);
  }

  /** Sends a record's event again after the next of `retryDelaysMs` while it is not accepted. */
  function retryLater(record: EventRecord): void {
    const delay = webhook?.retryDelaysMs?.[record.attempts.length - 1];
    if (delay === undefined || closed) return;
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      void deliver(record.event).then((status) => attempted(record, status));
    }, delay);
    retryTimers.add(timer);
  }

  /** Records an event and, with a webhook, sends it after the current answer (or `delayMs` later), as Stripe does. */
  function emit(type: string, object: unknown, { delayMs = 0 } = {}): void {
    const event: StandInEvent = {
      id: next('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: structuredClone(object) },
    };
    const record: EventRecord = { event, firstStatus: undefined, attempts: [], acceptedAt: undefined };
    events.push(record);
    if (!webhook) return;
    const delivery: Promise<void> = new Promise((resolve) => (delayMs > 0 ? setTimeout(resolve, delayMs) : setImmediate(resolve)))
      .then(() => deliver(event))
      .then((status) => attempted(record, status))
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  const charge = (intent: StandInPaymentIntent) => ({
    id: `ch_${intent.id}`,
    object: 'charge',
    amount: intent.amount,
    amount_refunded: refunded.get(intent.id) ?? 0,
    refunded: (refunded.get(intent.id) ?? 0) >= intent.amount,
    currency: intent.currency,
    paid: true,
    status: 'succeeded',
    payment_intent: intent.id,
    metadata: intent.metadata,
  });

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const method = req.method ?? '';
      const path = (req.url ?? '').split('?')[0];
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path, idempotencyKey, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${counter}` });
        res.end(JSON.stringify(json));
      };
      const cacheKey = idempotencyKey ? `${method} ${path} ${idempotencyKey}` : undefined;
      if (cacheKey && byIdempotencyKey.has(cacheKey)) return send(200, byIdempotencyKey.get(cacheKey));
      const remember = (json: unknown) => {
        if (cacheKey) byIdempotencyKey.set(cacheKey, json);
        send(200, json);
      };

      if (method === 'POST' && path === '/v1/payment_intents') {
        // An off-session charge of a saved card (closing a tab) is confirmed at once.
        const offSession = body.get('confirm') === 'true';
        if (offSession && detached.includes(body.get('payment_method') ?? '')) {
          return send(
            400,
            invalidRequest(
              'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, or was detached from a Customer.',
            ),
          );
        }
        if (offSession && body.get('payment_method') === DECLINING_PAYMENT_METHOD) {
          return send(402, {
            error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
          });
        }
        const id = next('pi');
        const intent: StandInPaymentIntent = {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency') ?? 'usd',
          status: offSession ? 'succeeded' : 'requires_payment_method',
          client_secret: `${id}_secret_standin`,
          customer: body.get('customer'),
          payment_method: body.get('payment_method'),
          setup_future_usage: body.get('setup_future_usage'),
          metadata: metadataOf(body),
          last_payment_error: null,
          created: Math.floor(Date.now() / 1000),
        };
        intents.set(id, intent);
        emit('payment_intent.created', intent);
        if (offSession) {
          emit('charge.succeeded', charge(intent));
          emit('payment_intent.succeeded', intent);
        }
        return remember(intent);
      }
      // `expand[0]=latest_charge` (one) or `expand[0]=data.latest_charge` (a list): the charge, with what was refunded of it.
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      const expanded = (intent: StandInPaymentIntent, expand: string) =>
        [...query.entries()].some(([key, value]) => /^expand\[\d*\]$/.test(key) && value === expand)
          ? { ...intent, latest_charge: intent.status === 'succeeded' ? charge(intent) : null }
          : intent;
      if (method === 'GET' && path === '/v1/payment_intents') {
        // Newest first, within `created[gte]`/`created[lt]`; one page holds them all.
        const gte = query.get('created[gte]');
        const lt = query.get('created[lt]');
        const data = [...intents.values()]
          .filter((i) => (gte === null || i.created >= Number(gte)) && (lt === null || i.created < Number(lt)))
          .reverse()
          .map((i) => expanded(i, 'data.latest_charge'));
        return send(200, { object: 'list', data, has_more: false, url: '/v1/payment_intents' });
      }
      const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (method === 'GET' && intentPath) {
        const intent = intents.get(intentPath[1]);
        if (!intent) return send(404, invalidRequest('No such payment_intent'));
        // `expand[0]=payment_method`: the card it was paid with (every stand-in card is a Visa ending 4242).
        const withMethod = [...query.entries()].some(([key, value]) => /^expand\[\d*\]$/.test(key) && value === 'payment_method');
        const answer = expanded(intent, 'latest_charge');
        return send(
          200,
          withMethod && intent.payment_method
            ? { ...answer, payment_method: { id: intent.payment_method, object: 'payment_method', card: { brand: 'visa', last4: '4242' } } }
            : answer,
        );
      }
      // An unpaid intent updated (the card kept on a customer, or no longer): `setup_future_usage=` unsets it.
      if (method === 'POST' && intentPath) {
        const intent = intents.get(intentPath[1]);
        if (!intent) return send(404, invalidRequest('No such payment_intent'));
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return send(400, invalidRequest(`This PaymentIntent's status is ${intent.status}, so it cannot be updated.`));
        }
        if (body.has('customer')) intent.customer = body.get('customer');
        if (body.has('setup_future_usage')) intent.setup_future_usage = body.get('setup_future_usage') || null;
        return send(200, intent);
      }
      const detachPath = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
      if (method === 'POST' && detachPath) {
        if (detached.includes(detachPath[1]))
          return send(400, invalidRequest('The payment method you provided is not attached to a customer.'));
        detached.push(detachPath[1]);
        return send(200, { id: detachPath[1], object: 'payment_method', customer: null });
      }
      if (method === 'POST' && path === '/v1/customers') {
        const customer = { id: next('cus'), object: 'customer', name: body.get('name'), email: body.get('email') };
        emit('customer.created', customer);
        return remember(customer);
      }
      if (method === 'POST' && path === '/v1/setup_intents') {
        const id = next('seti');
        const setup: StandInSetupIntent = {
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
      if (method === 'GET' && setupPath) {
        const setup = setupIntents.get(setupPath[1]);
        return setup ? send(200, setup) : send(404, invalidRequest('No such setup_intent'));
      }
      if (method === 'POST' && path === '/v1/refunds') {
        const intent = intents.get(body.get('payment_intent') ?? '');
        if (!intent || intent.status !== 'succeeded')
          return send(400, invalidRequest('This PaymentIntent does not have a successful charge to refund.'));
        const before = refunded.get(intent.id) ?? 0;
        if (before >= intent.amount)
          return send(400, invalidRequest(`Charge ch_${intent.id} has already been refunded.`, 'charge_already_refunded'));
        // `amount` refunds part of the payment; more than is left is refused, like Stripe.
        const amount = body.get('amount') ? Number(body.get('amount')) : intent.amount - before;
        if (before + amount > intent.amount) {
          return send(
            400,
            invalidRequest(
              `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - before) / 100).toFixed(2)})`,
            ),
          );
        }
        refunded.set(intent.id, before + amount);
        const refund: StandInRefund = {
          id: next('re'),
          object: 'refund',
          amount,
          status: 'succeeded',
          payment_intent: intent.id,
          charge: `ch_${intent.id}`,
          metadata: {},
        };
        refunds.push(refund);
        emit('charge.refunded', charge(intent));
        emit('refund.created', refund);
        return remember(refund);
      }
      send(404, invalidRequest(`Unrecognized request URL (${method} ${path})`));
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    intents,
    setupIntents,
    refunds,
    detached,
    events,
    deliver,
    confirmPayment(intentId, { webhookDelayMs = 0 } = {}) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no payment intent ${intentId}`);
      intent.status = 'succeeded';
      intent.payment_method = next('pm');
      emit('charge.succeeded', charge(intent), { delayMs: webhookDelayMs });
      emit('payment_intent.succeeded', intent, { delayMs: webhookDelayMs });
    },
    confirmSetup(setupIntentId) {
      const setup = setupIntents.get(setupIntentId);
      if (!setup) throw new Error(`no setup intent ${setupIntentId}`);
      setup.status = 'succeeded';
      setup.payment_method = next('pm');
      emit('setup_intent.succeeded', setup);
    },
    async settled() {
      while (deliveries.size > 0) await Promise.all([...deliveries]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        for (const timer of retryTimers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
