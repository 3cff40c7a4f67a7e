import { HttpStatus } from '@nestjs/common';
import type { Cents, PaymentConfig } from '@festival/contracts';
import { DomainError } from '../../common/domain-error.js';
import { GUEST_REFUSALS } from '../../common/guest-refusals.js';

export type PaymentIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';

/** The card a payment or set-up used, as a receipt names it (`visa`, `4242`). */
export interface CardDetails {
  brand: string;
  last4: string;
}

export interface GatewayPaymentIntent {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  amountCents: Cents;
  currency: string;
  metadata: Record<string, string>;
  /** The card's last failure, when there was one. */
  lastError?: string;
  /** The card it was paid with, once paid. */
  card?: CardDetails;
  /** The customer and card kept for later charges, when it was created with `keepCard` and paid. */
  customerId?: string;
  paymentMethodId?: string;
}

export interface GatewaySetupIntent {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  customerId: string;
  /** The saved card, once the setup succeeded. */
  paymentMethodId?: string;
  card?: CardDetails;
  metadata: Record<string, string>;
}

/** A payment as the gateway records it, for reconciliation (docs/reports.md). */
export interface GatewayPayment {
  id: string;
  status: PaymentIntentStatus;
  amountCents: Cents;
  /** Refunded of it so far, in all. */
  refundedCents: Cents;
  createdAt: Date;
  metadata: Record<string, string>;
}

export interface GatewayRefund {
  id: string;
  amountCents: Cents;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
}

/** The chargeback events (Stripe's names); each carries the dispute as it is now. */
export const DISPUTE_EVENT_TYPES = [
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
] as const;

/** A chargeback as the gateway reports it. */
export interface GatewayDispute {
  id: string;
  amountCents: Cents;
  /** The gateway's status: `warning_needs_response`, `needs_response`, `under_review`, `won`, `lost`... */
  status: string;
  reason: string | null;
  /** When the bank opened it. */
  createdAt: Date;
}

/** A payment event, from Stripe's webhook or from the simulated gateway. */
export interface GatewayEvent {
  id: string;
  type: string;
  objectId: string;
  metadata: Record<string, string>;
  /**
   * `charge.refunded`: the cents refunded of the payment so far, in all (`objectId` is the
   * payment intent's id).
   */
  amountRefundedCents?: Cents;
  /** `charge.dispute.*`: the dispute (`objectId` is the disputed payment intent's id). */
  dispute?: GatewayDispute;
}

export interface CreatePaymentIntentInput {
  amountCents: Cents;
  description: string;
  metadata: Record<string, string>;
  /** Same key, same intent: a retried create never makes a second one. */
  idempotencyKey: string;
  receiptEmail?: string;
  /**
   * Keep the card this payment is made with for later charges without the customer present, on
   * this customer (Stripe: `customer` and `setup_future_usage: 'off_session'`).
   */
  keepCard?: { customerId: string };
}

export interface ChargeSavedCardInput {
  customerId: string;
  paymentMethodId: string;
  amountCents: Cents;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** A card the gateway refused: 402, with the card's message for the person paying. */
export class CardDeclinedError extends DomainError {
  readonly status = HttpStatus.PAYMENT_REQUIRED;
  readonly answer: string;

  constructor(message: string) {
    super(message);
    this.name = 'CardDeclinedError';
    this.answer = message;
  }
}

/** The gateway could not be reached or answered with an error: 503, the caller may try again. */
export class GatewayUnavailableError extends DomainError {
  readonly status = HttpStatus.SERVICE_UNAVAILABLE;
  override readonly refusal = GUEST_REFUSALS.gatewayUnavailable;
  readonly answer = GUEST_REFUSALS.gatewayUnavailable.message;

  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

/**
 * The gateway refused a refund (more than is left of the payment, a payment it cannot refund):
 * 502, with its reason. Nothing was refunded.
 */
export class RefundRefusedError extends DomainError {
  readonly status = HttpStatus.BAD_GATEWAY;
  readonly answer: string;

  constructor(reason: string) {
    super(reason);
    this.name = 'RefundRefusedError';
    this.answer = `The payment service refused the refund: ${reason}. Nothing was refunded.`;
  }
}

/** A card typed into the simulated card form. */
export interface SimulatedCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** The simulated gateway's card form: it pays an intent or saves a card, in test mode. */
export interface SimulatedCardForm {
  confirmPayment(clientSecret: string, card: SimulatedCard): Promise<GatewayPaymentIntent>;
  confirmSetup(clientSecret: string, card: SimulatedCard): Promise<GatewaySetupIntent>;
}

/** A gateway's signed webhooks. */
export interface WebhookSource {
  /** Verifies the signature (throws when it does not match) and reads the event. */
  parseWebhook(rawBody: Buffer, signature: string): GatewayEvent;
}

/**
 * The one port every payment goes through. Two adapters: Stripe (official SDK) when its keys are
 * configured, and the simulated gateway that behaves like Stripe's test mode offline.
 */
export abstract class PaymentGateway {
  abstract readonly mode: 'stripe' | 'simulated';
  abstract createPaymentIntent(input: CreatePaymentIntentInput): Promise<GatewayPaymentIntent>;
  abstract retrievePaymentIntent(id: string): Promise<GatewayPaymentIntent | undefined>;
  /**
   * Before it is paid: keep the card this payment will be made with on `keepCard`'s customer
   * (Stripe: `customer` and `setup_future_usage: 'off_session'`), or, with null, keep none.
   */
  abstract setKeepCard(intentId: string, keepCard: { customerId: string } | null): Promise<void>;
  /**
   * Refunds `amountCents` of a succeeded payment (all that is left of it when unset). The same
   * idempotency key is the same refund. More than is left is refused (RefundRefusedError).
   */
  abstract refundPayment(paymentIntentId: string, idempotencyKey: string, amountCents?: Cents): Promise<GatewayRefund>;
  abstract createCustomer(input: { name: string; email?: string; idempotencyKey: string }): Promise<{ id: string }>;
  abstract createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<GatewaySetupIntent>;
  abstract retrieveSetupIntent(id: string): Promise<GatewaySetupIntent | undefined>;
  /** Charges a saved card without the customer present (closing a tab). */
  abstract chargeSavedCard(input: ChargeSavedCardInput): Promise<GatewayPaymentIntent>;
  /** Forgets a saved card at the gateway (Stripe: detaches the payment method): it can never be charged again. */
  abstract detachCard(paymentMethodId: string): Promise<void>;
  /** Cancels an unpaid payment or card set-up, so its client secret can no longer be used. */
  abstract cancelIntent(id: string, kind: 'payment' | 'setup'): Promise<void>;
  /**
   * The succeeded payments made from `since` (included) until `until` (excluded); an open end
   * is unbounded. With what was refunded of each.
   */
  abstract listPayments(range: { since: Date | null; until: Date | null }): Promise<GatewayPayment[]>;
  /** One payment with what was refunded of it; undefined when the gateway has none by that id. */
  abstract retrievePayment(id: string): Promise<GatewayPayment | undefined>;
  /** What the browser needs to show its card form. */
  abstract browserConfig(): PaymentConfig;

  /** The gateway's signed webhooks; none unless the gateway sends them (Stripe). */
  webhooks(): WebhookSource | undefined {
    return undefined;
  }

  /** The card form of the test mode; none for a real gateway. */
  simulatedCardForm(): SimulatedCardForm | undefined {
    return undefined;
  }
}
