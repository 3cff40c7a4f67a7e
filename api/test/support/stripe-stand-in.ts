import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: URLSearchParams;
}

interface StoredIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null;
}

interface StoredSetupIntent {
  id: string;
  object: 'setup_intent';
  status: string;
  client_secret: string;
  customer: string;
  payment_method: string | null;
  usage: string;
  metadata: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedStripeRequest[];
  intents: Map<string, StoredIntent>;
  setupIntents: Map<string, StoredSetupIntent>;
  close(): Promise<void>;
}

/** A saved card whose off-session charges the stand-in declines, like Stripe's test card. */
export const DECLINING_PAYMENT_METHOD = 'pm_card_chargeDeclined';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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

/**
 * A local HTTP stand-in for the few Stripe API calls the adapter makes, so the real `stripe`
 * SDK can be exercised offline. It honours idempotency keys like Stripe does.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedStripeRequest[] = [];
  const intents = new Map<string, StoredIntent>();
  const setupIntents = new Map<string, StoredSetupIntent>();
  const byIdempotencyKey = new Map<string, unknown>();
  let counter = 0;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = new URLSearchParams(await readBody(req));
      const path = (req.url ?? '').split('?')[0];
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path, idempotencyKey, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${counter}` });
        res.end(JSON.stringify(json));
      };
      if (idempotencyKey && byIdempotencyKey.has(idempotencyKey)) return send(200, byIdempotencyKey.get(idempotencyKey));

      if (req.method === 'POST' && path === '/v1/payment_intents') {
        // An off-session charge of a saved card (closing a tab) is confirmed at once.
        const confirmNow = body.get('confirm') === 'true';
        if (confirmNow && body.get('payment_method') === DECLINING_PAYMENT_METHOD) {
          return send(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
        }
        counter += 1;
        const intent: StoredIntent = {
          id: `pi_standin_${counter}`,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency') ?? 'usd',
          status: confirmNow ? 'succeeded' : 'requires_payment_method',
          client_secret: `pi_standin_${counter}_secret_abc`,
          metadata: metadataOf(body),
          last_payment_error: null,
        };
        intents.set(intent.id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
        return send(200, intent);
      }
      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && retrieve) {
        const intent = intents.get(retrieve[1]);
        return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      }
      if (req.method === 'POST' && path === '/v1/customers') {
        counter += 1;
        const customer = { id: `cus_standin_${counter}`, object: 'customer', name: body.get('name'), email: body.get('email') };
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, customer);
        return send(200, customer);
      }
      if (req.method === 'POST' && path === '/v1/setup_intents') {
        counter += 1;
        const setup: StoredSetupIntent = {
          id: `seti_standin_${counter}`,
          object: 'setup_intent',
          status: 'requires_payment_method',
          client_secret: `seti_standin_${counter}_secret_abc`,
          customer: body.get('customer') ?? '',
          payment_method: null,
          usage: body.get('usage') ?? 'on_session',
          metadata: metadataOf(body),
        };
        setupIntents.set(setup.id, setup);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, setup);
        return send(200, setup);
      }
      const retrieveSetup = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && retrieveSetup) {
        const setup = setupIntents.get(retrieveSetup[1]);
        return setup ? send(200, setup) : send(404, { error: { type: 'invalid_request_error', message: 'No such setup_intent' } });
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        counter += 1;
        const refund = { id: `re_standin_${counter}`, object: 'refund', status: 'succeeded', payment_intent: body.get('payment_intent') };
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund);
        return send(200, refund);
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${path})` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    setupIntents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
