import Stripe from 'stripe';
import type { PaymentConfig } from '@festival/contracts';
import {
  CardDeclinedError,
  DISPUTE_EVENT_TYPES,
  GatewayUnavailableError,
  PaymentGateway,
  RefundRefusedError,
  type CardDetails,
  type ChargeSavedCardInput,
  type CreatePaymentIntentInput,
  type GatewayEvent,
  type GatewayPayment,
  type GatewayPaymentIntent,
  type GatewayRefund,
  type GatewaySetupIntent,
  type WebhookSource,
} from './payment-gateway.js';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  apiUrl: string | undefined;
}

/** Stripe through its official SDK. Every create call carries an idempotency key. */
export class StripeGateway extends PaymentGateway implements WebhookSource {
  readonly mode = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeGatewayOptions) {
    super();
    this.publishableKey = options.publishableKey;
    const url = options.apiUrl ? new URL(options.apiUrl) : undefined;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(url
        ? {
            host: url.hostname,
            port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
            protocol: url.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  browserConfig(): PaymentConfig {
    return { mode: 'stripe', publishableKey: this.publishableKey };
  }

  override webhooks(): WebhookSource {
    return this;
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<GatewayPaymentIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          description: input.description,
          metadata: input.metadata,
          receipt_email: input.receiptEmail,
          automatic_payment_methods: { enabled: true },
          ...(input.keepCard ? { customer: input.keepCard.customerId, setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toPaymentIntent(intent);
  }

  async retrievePaymentIntent(id: string): Promise<GatewayPaymentIntent | undefined> {
    try {
      return toPaymentIntent(await this.stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return undefined;
      throw new GatewayUnavailableError(`Stripe: ${(error as Error).message}`);
    }
  }

  async setKeepCard(intentId: string, keepCard: { customerId: string } | null): Promise<void> {
    await this.call(() =>
      this.stripe.paymentIntents.update(
        intentId,
        keepCard ? { customer: keepCard.customerId, setup_future_usage: 'off_session' } : { setup_future_usage: '' },
      ),
    );
  }

  async listPayments(range: { since: Date | null; until: Date | null }): Promise<GatewayPayment[]> {
    const created: Stripe.RangeQueryParam = {};
    if (range.since) created.gte = Math.floor(range.since.getTime() / 1000);
    if (range.until) created.lt = Math.ceil(range.until.getTime() / 1000);
    const payments: GatewayPayment[] = [];
    try {
      const list = this.stripe.paymentIntents.list({
        limit: 100,
        expand: ['data.latest_charge'],
        ...(range.since || range.until ? { created } : {}),
      });
      for await (const intent of list) if (intent.status === 'succeeded') payments.push(toPayment(intent));
    } catch (error) {
      throw new GatewayUnavailableError(`Stripe: ${(error as Error).message}`);
    }
    return payments;
  }

  async retrievePayment(id: string): Promise<GatewayPayment | undefined> {
    try {
      return toPayment(await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return undefined;
      throw new GatewayUnavailableError(`Stripe: ${(error as Error).message}`);
    }
  }

  async refundPayment(paymentIntentId: string, idempotencyKey: string, amountCents?: number): Promise<GatewayRefund> {
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        { payment_intent: paymentIntentId, ...(amountCents === undefined ? {} : { amount: amountCents }) },
        { idempotencyKey },
      );
    } catch (error) {
      const e = error as { type?: string; message?: string };
      // A request Stripe understood and refused (more than is left, already refunded): its reason.
      if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') {
        throw new RefundRefusedError(e.message ?? 'refused');
      }
      throw new GatewayUnavailableError(`Stripe: ${e.message ?? String(error)}`);
    }
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new RefundRefusedError(refund.failure_reason ?? `the refund ${refund.status}`);
    }
    return { id: refund.id, amountCents: refund.amount, status: (refund.status ?? 'pending') as GatewayRefund['status'] };
  }

  async createCustomer(input: { name: string; email?: string; idempotencyKey: string }): Promise<{ id: string }> {
    const customer = await this.call(() =>
      this.stripe.customers.create({ name: input.name, email: input.email }, { idempotencyKey: input.idempotencyKey }),
    );
    return { id: customer.id };
  }

  async createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<GatewaySetupIntent> {
    const intent = await this.call(() =>
      this.stripe.setupIntents.create(
        { customer: input.customerId, usage: 'off_session', metadata: input.metadata, automatic_payment_methods: { enabled: true } },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toSetupIntent(intent);
  }

  async retrieveSetupIntent(id: string): Promise<GatewaySetupIntent | undefined> {
    try {
      return toSetupIntent(await this.stripe.setupIntents.retrieve(id, { expand: ['payment_method'] }));
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return undefined;
      throw new GatewayUnavailableError(`Stripe: ${(error as Error).message}`);
    }
  }

  async chargeSavedCard(input: ChargeSavedCardInput): Promise<GatewayPaymentIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toPaymentIntent(intent);
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (error) {
      // No longer attached (detached before): nothing left to forget.
      if ((error as { statusCode?: number }).statusCode === 400) return;
      throw new GatewayUnavailableError(`Stripe: ${(error as Error).message}`);
    }
  }

  async cancelIntent(id: string, kind: 'payment' | 'setup'): Promise<void> {
    try {
      if (kind === 'payment') await this.stripe.paymentIntents.cancel(id);
      else await this.stripe.setupIntents.cancel(id);
    } catch (error) {
      // Already succeeded or cancelled: nothing left to stop.
      if ((error as { statusCode?: number }).statusCode === 400) return;
      throw new GatewayUnavailableError(`Stripe: ${(error as Error).message}`);
    }
  }

  /** Verifies a webhook's signature; throws when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string): GatewayEvent {
    if (!this.options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    if (event.type === 'charge.refunded') {
      // A refund (ours, or one made in Stripe's dashboard): the payment it belongs to, and the
      // cents refunded of it in all.
      const charge = event.data.object;
      const intent = charge.payment_intent;
      return {
        id: event.id,
        type: event.type,
        objectId: typeof intent === 'string' ? intent : (intent?.id ?? ''),
        metadata: (charge.metadata ?? {}) as Record<string, string>,
        amountRefundedCents: charge.amount_refunded,
      };
    }
    if ((DISPUTE_EVENT_TYPES as readonly string[]).includes(event.type)) {
      // A chargeback opened or decided in Stripe's dashboard: the payment it is on, and its state.
      const dispute = event.data.object as Stripe.Dispute;
      const intent = dispute.payment_intent;
      return {
        id: event.id,
        type: event.type,
        objectId: typeof intent === 'string' ? intent : (intent?.id ?? ''),
        metadata: (dispute.metadata ?? {}) as Record<string, string>,
        dispute: {
          id: dispute.id,
          amountCents: dispute.amount,
          status: dispute.status,
          reason: dispute.reason ?? null,
          createdAt: new Date(dispute.created * 1000),
        },
      };
    }
    const object = event.data.object as { id?: string; metadata?: Record<string, string> };
    return { id: event.id, type: event.type, objectId: object.id ?? '', metadata: object.metadata ?? {} };
  }

  /** Card errors become CardDeclinedError; anything else GatewayUnavailableError. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const e = error as { type?: string; message?: string };
      if (e.type === 'StripeCardError') throw new CardDeclinedError(e.message ?? 'Your card was declined.');
      throw new GatewayUnavailableError(`Stripe: ${e.message ?? String(error)}`);
    }
  }
}

/** A payment method's card, when it is expanded (an id alone says nothing of the card). */
function cardOf(method: string | Stripe.PaymentMethod | null | undefined): CardDetails | undefined {
  return method && typeof method === 'object' && method.card ? { brand: method.card.brand, last4: method.card.last4 } : undefined;
}

function toPaymentIntent(intent: Stripe.PaymentIntent): GatewayPaymentIntent {
  const method = intent.payment_method;
  const customer = intent.customer;
  const card = cardOf(method);
  const customerId = typeof customer === 'string' ? customer : customer?.id;
  const paymentMethodId = typeof method === 'string' ? method : method?.id;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as GatewayPaymentIntent['status'],
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: (intent.metadata ?? {}) as Record<string, string>,
    lastError: intent.last_payment_error?.message ?? undefined,
    ...(card ? { card } : {}),
    ...(customerId && paymentMethodId && intent.setup_future_usage ? { customerId, paymentMethodId } : {}),
  };
}

function toSetupIntent(intent: Stripe.SetupIntent): GatewaySetupIntent {
  const pm = intent.payment_method;
  const customer = intent.customer;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as GatewaySetupIntent['status'],
    customerId: typeof customer === 'string' ? customer : (customer?.id ?? ''),
    paymentMethodId: typeof pm === 'string' ? pm : pm?.id,
    card: cardOf(pm),
    metadata: (intent.metadata ?? {}) as Record<string, string>,
  };
}

/** A payment intent with its charge expanded (`latest_charge`): what was refunded of it. */
function toPayment(intent: Stripe.PaymentIntent): GatewayPayment {
  const charge = intent.latest_charge;
  return {
    id: intent.id,
    status: intent.status as GatewayPayment['status'],
    amountCents: intent.amount_received || intent.amount,
    refundedCents: charge && typeof charge === 'object' ? charge.amount_refunded : 0,
    createdAt: new Date(intent.created * 1000),
    metadata: { ...(intent.metadata ?? {}) },
  };
}
