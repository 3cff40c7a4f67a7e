import { randomBytes } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThanOrEqual, And, Not, Repository, type FindOperator } from 'typeorm';
import type { PaymentConfig } from '@festival/contracts';
import {
  CardDeclinedError,
  PaymentGateway,
  RefundRefusedError,
  type CardDetails,
  type ChargeSavedCardInput,
  type CreatePaymentIntentInput,
  type GatewayPayment,
  type GatewayPaymentIntent,
  type GatewayRefund,
  type GatewaySetupIntent,
  type PaymentIntentStatus,
  type SimulatedCard,
  type SimulatedCardForm,
} from './payment-gateway.js';
import { PaymentEvents } from './payment-events.service.js';
import { ATTACH_THEN_DECLINE_CARD, checkSimulatedCard } from './simulated-card.js';
import { SimulatedPaymentEntity } from './simulated-payment.entity.js';

const token = (bytes = 12) => randomBytes(bytes).toString('hex');

/**
 * A stand-in for Stripe's test mode that needs no network: intents live in the database (so
 * every replica sees them), the browser pays with the simulated card form, and a success is
 * announced as a `payment_intent.succeeded` event, like Stripe's webhook.
 */
@Injectable()
export class SimulatedGateway extends PaymentGateway implements SimulatedCardForm {
  readonly mode = 'simulated' as const;

  constructor(
    @InjectRepository(SimulatedPaymentEntity) private readonly intents: Repository<SimulatedPaymentEntity>,
    private readonly events: PaymentEvents,
  ) {
    super();
  }

  browserConfig(): PaymentConfig {
    return { mode: 'simulated' };
  }

  override simulatedCardForm(): SimulatedCardForm {
    return this;
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<GatewayPaymentIntent> {
    const row = await this.createOnce(input.idempotencyKey, 'pi_sim_', {
      kind: 'payment',
      amountCents: input.amountCents,
      status: 'requires_payment_method',
      customerId: input.keepCard?.customerId ?? null,
      metadata: JSON.stringify(input.metadata),
    });
    return toPaymentIntent(row);
  }

  async retrievePaymentIntent(id: string): Promise<GatewayPaymentIntent | undefined> {
    const row = await this.intents.findOneBy({ id, kind: 'payment' });
    return row ? toPaymentIntent(row) : undefined;
  }

  /** Keeps (or stops keeping) the card of an unpaid payment; a paid one is left as it was paid. */
  async setKeepCard(intentId: string, keepCard: { customerId: string } | null): Promise<void> {
    const row = await this.intents.findOneBy({ id: intentId, kind: 'payment' });
    if (!row) throw new NotFoundException('Unknown payment');
    if (row.status === 'succeeded' || row.status === 'canceled') throw new BadRequestException('This payment can no longer be changed');
    await this.intents.update({ id: intentId, kind: 'payment', status: Not('succeeded') }, { customerId: keepCard?.customerId ?? null });
  }

  async listPayments(range: { since: Date | null; until: Date | null }): Promise<GatewayPayment[]> {
    let createdAt: FindOperator<Date> | undefined;
    if (range.since && range.until) createdAt = And(MoreThanOrEqual(range.since), LessThan(range.until));
    else if (range.since) createdAt = MoreThanOrEqual(range.since);
    else if (range.until) createdAt = LessThan(range.until);
    const rows = await this.intents.find({
      where: { kind: 'payment', status: 'succeeded', ...(createdAt ? { createdAt } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toPayment);
  }

  async retrievePayment(id: string): Promise<GatewayPayment | undefined> {
    const row = await this.intents.findOneBy({ id, kind: 'payment' });
    return row ? toPayment(row) : undefined;
  }

  /**
   * Refunds like Stripe: `amountCents` (all that is left when unset) of a succeeded payment, once
   * per idempotency key; more than is left is refused. Each refund is a `refund` row (its
   * `customerId` holds the payment's id) and is announced as a `charge.refunded` event carrying
   * the payment's cents refunded in all, like Stripe's webhook.
   */
  async refundPayment(paymentIntentId: string, idempotencyKey: string, amountCents?: number): Promise<GatewayRefund> {
    const sameKey = () => this.intents.findOneBy({ idempotencyKey, kind: 'refund' });
    const earlier = await sameKey();
    if (earlier) return this.settledRefund(earlier);
    const payment = await this.intents.findOneBy({ id: paymentIntentId, kind: 'payment' });
    if (!payment || payment.status !== 'succeeded') throw new RefundRefusedError('this payment has not succeeded');
    const left = payment.amountCents - payment.refundedCents;
    const amount = amountCents ?? left;
    if (!Number.isInteger(amount) || amount <= 0) {
      // The same refund asked at once may have taken it all since the first look: that one is the answer.
      const winner = await sameKey();
      if (winner) return this.settledRefund(winner);
      throw new RefundRefusedError('the amount must be a positive number of cents');
    }
    // The key is claimed first (a unique index): the same refund asked twice at once is one refund.
    const id = `re_sim_${token()}`;
    try {
      await this.intents.insert({
        id,
        kind: 'refund',
        clientSecret: '',
        idempotencyKey,
        amountCents: amount,
        status: 'pending',
        metadata: payment.metadata,
        lastError: null,
        customerId: paymentIntentId,
        paymentMethodId: null,
        refundedCents: 0,
        refundedAt: null,
      });
    } catch (error) {
      const winner = await sameKey();
      if (winner) return this.settledRefund(winner);
      throw error;
    }
    // One conditional update: refunds at once can never together take more than was paid.
    const taken = await this.intents
      .createQueryBuilder()
      .update(SimulatedPaymentEntity)
      .set({ refundedCents: () => `refundedCents + ${amount}`, refundedAt: new Date() })
      .where('id = :id AND kind = :kind AND refundedCents + :amount <= amountCents', { id: paymentIntentId, kind: 'payment', amount })
      .execute();
    if (!taken.affected) {
      await this.intents.delete({ id });
      throw new RefundRefusedError(`the amount (${amount} cents) is more than what is left of the payment (${left} cents)`);
    }
    await this.intents.update({ id }, { status: 'succeeded' });
    const after = await this.intents.findOneBy({ id: paymentIntentId });
    this.events.deliverLater({
      id: `evt_sim_${token(8)}`,
      type: 'charge.refunded',
      objectId: paymentIntentId,
      metadata: JSON.parse(payment.metadata) as Record<string, string>,
      amountRefundedCents: after?.refundedCents ?? payment.refundedCents + amount,
    });
    return { id, amountCents: amount, status: 'succeeded' };
  }

  /** The refund of a key already used, once it has been decided (a refused one is gone). */
  private async settledRefund(row: SimulatedPaymentEntity): Promise<GatewayRefund> {
    for (let wait = 0; row.status === 'pending' && wait < 100; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const now = await this.intents.findOneBy({ id: row.id });
      if (!now) throw new RefundRefusedError('the refund was refused');
      row = now;
    }
    return { id: row.id, amountCents: row.amountCents, status: 'succeeded' };
  }

  /**
   * Test mode: the buyer's bank disputes a succeeded payment (`needs_response`), or decides the
   * dispute (`won`, `lost`). Announced as Stripe's `charge.dispute.created` or
   * `charge.dispute.closed` event would be, with the same dispute id for one payment.
   */
  async simulateDispute(
    paymentIntentId: string,
    status: 'needs_response' | 'won' | 'lost' = 'needs_response',
    reason = 'fraudulent',
  ): Promise<void> {
    const payment = await this.intents.findOneBy({ id: paymentIntentId, kind: 'payment' });
    if (!payment || payment.status !== 'succeeded') throw new NotFoundException(`No succeeded payment ${paymentIntentId}`);
    await this.events.dispatch({
      id: `evt_sim_${token(8)}`,
      type: status === 'needs_response' ? 'charge.dispute.created' : 'charge.dispute.closed',
      objectId: paymentIntentId,
      metadata: {},
      dispute: {
        id: `dp_sim_${paymentIntentId}`,
        amountCents: payment.amountCents - payment.refundedCents,
        status,
        reason,
        createdAt: new Date(),
      },
    });
  }

  async createCustomer(): Promise<{ id: string }> {
    return { id: `cus_sim_${token(8)}` };
  }

  async createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<GatewaySetupIntent> {
    const row = await this.createOnce(input.idempotencyKey, 'seti_sim_', {
      kind: 'setup',
      status: 'requires_payment_method',
      customerId: input.customerId,
      metadata: JSON.stringify(input.metadata),
    });
    return toSetupIntent(row);
  }

  async retrieveSetupIntent(id: string): Promise<GatewaySetupIntent | undefined> {
    const row = await this.intents.findOneBy({ id, kind: 'setup' });
    return row ? toSetupIntent(row) : undefined;
  }

  async chargeSavedCard(input: ChargeSavedCardInput): Promise<GatewayPaymentIntent> {
    const existing = await this.intents.findOneBy({ idempotencyKey: input.idempotencyKey });
    if (existing?.status === 'succeeded') return toPaymentIntent(existing);
    if (input.paymentMethodId.includes(`_${ATTACH_THEN_DECLINE_CARD.slice(-4)}_`)) {
      throw new CardDeclinedError('Your card was declined.');
    }
    if (await this.intents.existsBy({ kind: 'detach', paymentMethodId: input.paymentMethodId })) {
      throw new CardDeclinedError('This card is no longer saved.');
    }
    const row = await this.createOnce(input.idempotencyKey, 'pi_sim_', {
      kind: 'payment',
      amountCents: input.amountCents,
      status: 'succeeded',
      customerId: input.customerId,
      paymentMethodId: input.paymentMethodId,
      metadata: JSON.stringify(input.metadata),
    });
    return toPaymentIntent(row);
  }

  /** Forgets a saved card: a `detach` row, after which charging it is declined. Detaching twice is harmless. */
  async detachCard(paymentMethodId: string): Promise<void> {
    if (await this.intents.existsBy({ kind: 'detach', paymentMethodId })) return;
    await this.intents.insert({
      id: `pmd_sim_${token()}`,
      kind: 'detach',
      clientSecret: '',
      idempotencyKey: null,
      amountCents: 0,
      status: 'succeeded',
      metadata: '{}',
      lastError: null,
      customerId: null,
      paymentMethodId,
      refundedCents: 0,
      refundedAt: null,
    });
  }

  async cancelIntent(id: string, kind: 'payment' | 'setup'): Promise<void> {
    await this.intents.update({ id, kind, status: Not('succeeded') }, { status: 'canceled' });
  }

  /** The simulated card form pays an intent (a refused card is a 402). Paying twice is harmless. */
  async confirmPayment(clientSecret: string, card: SimulatedCard): Promise<GatewayPaymentIntent> {
    const row = await this.intents.findOneBy({ clientSecret, kind: 'payment' });
    if (!row) throw new NotFoundException('Unknown payment');
    if (row.status === 'succeeded') return toPaymentIntent(row);
    if (row.status === 'canceled') throw new BadRequestException('This payment was canceled');
    const check = checkSimulatedCard(card.cardNumber, card.expiry, card.cvc);
    if (check.outcome === 'invalid') throw new BadRequestException(check.message);
    if (check.outcome === 'declined') {
      await this.intents.update({ id: row.id, status: Not('succeeded') }, { status: 'requires_payment_method', lastError: check.message });
      await this.announceDecline('payment_intent.payment_failed', row);
      throw new CardDeclinedError(check.message);
    }
    const paymentMethodId = `pm_sim_${check.last4}_${token(6)}`;
    const changed = await this.intents.update(
      { id: row.id, status: Not('succeeded') },
      { status: 'succeeded', lastError: null, paymentMethodId },
    );
    const paid = changed.affected
      ? toPaymentIntent({ ...row, status: 'succeeded', lastError: null, paymentMethodId })
      : toPaymentIntent((await this.intents.findOneBy({ id: row.id })) ?? row);
    if (changed.affected) {
      this.events.deliverLater({ id: `evt_sim_${token(8)}`, type: 'payment_intent.succeeded', objectId: row.id, metadata: paid.metadata });
    }
    return paid;
  }

  /** The simulated card form saves a card for later charges (a tab). */
  async confirmSetup(clientSecret: string, card: SimulatedCard): Promise<GatewaySetupIntent> {
    const row = await this.intents.findOneBy({ clientSecret, kind: 'setup' });
    if (!row) throw new NotFoundException('Unknown card setup');
    if (row.status === 'succeeded') return toSetupIntent(row);
    if (row.status === 'canceled') throw new BadRequestException('This card check was canceled');
    const check = checkSimulatedCard(card.cardNumber, card.expiry, card.cvc);
    if (check.outcome === 'invalid') throw new BadRequestException(check.message);
    if (check.outcome === 'declined') {
      await this.intents.update({ id: row.id, status: Not('succeeded') }, { status: 'requires_payment_method', lastError: check.message });
      await this.announceDecline('setup_intent.setup_failed', row);
      throw new CardDeclinedError(check.message);
    }
    const paymentMethodId = `pm_sim_${check.last4}_${token(6)}`;
    const changed = await this.intents.update({ id: row.id, status: Not('succeeded') }, { status: 'succeeded', paymentMethodId });
    const saved = toSetupIntent({ ...row, status: 'succeeded', paymentMethodId });
    if (changed.affected) {
      this.events.deliverLater({ id: `evt_sim_${token(8)}`, type: 'setup_intent.succeeded', objectId: row.id, metadata: saved.metadata });
    }
    return saved;
  }

  /**
   * A refused card is announced like Stripe's `payment_failed` / `setup_failed` webhook, and
   * waited for, so the card-testing count includes it before the browser hears the refusal.
   */
  private async announceDecline(type: string, row: SimulatedPaymentEntity): Promise<void> {
    const event = { id: `evt_sim_${token(8)}`, type, objectId: row.id, metadata: JSON.parse(row.metadata) as Record<string, string> };
    try {
      await this.events.dispatch(event);
    } catch {
      this.events.deliverLater(event);
    }
  }

  /** Creates a row once per idempotency key; a concurrent duplicate returns the first one. */
  private async createOnce(
    idempotencyKey: string,
    prefix: string,
    fields: Partial<SimulatedPaymentEntity>,
  ): Promise<SimulatedPaymentEntity> {
    const existing = await this.intents.findOneBy({ idempotencyKey });
    if (existing) return existing;
    const id = `${prefix}${token()}`;
    const row = this.intents.create({
      id,
      clientSecret: `${id}_secret_${token()}`,
      idempotencyKey,
      lastError: null,
      customerId: null,
      paymentMethodId: null,
      refundedAt: null,
      refundedCents: 0,
      amountCents: 0,
      ...fields,
    } as SimulatedPaymentEntity);
    try {
      await this.intents.insert(row);
      return row;
    } catch (error) {
      const winner = await this.intents.findOneBy({ idempotencyKey });
      if (winner) return winner;
      throw error;
    }
  }
}

/** The card a simulated payment method stands for: its id carries the test card's last four (`pm_sim_4242_…`); every test card is a Visa. */
function cardOf(paymentMethodId: string | null): CardDetails | undefined {
  const last4 = /^pm_sim_(\d{4})_/.exec(paymentMethodId ?? '')?.[1];
  return last4 ? { brand: 'visa', last4 } : undefined;
}

function toPaymentIntent(row: SimulatedPaymentEntity): GatewayPaymentIntent {
  const card = cardOf(row.paymentMethodId);
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as PaymentIntentStatus,
    amountCents: row.amountCents,
    currency: 'usd',
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    lastError: row.lastError ?? undefined,
    ...(card ? { card } : {}),
    ...(row.customerId && row.paymentMethodId ? { customerId: row.customerId, paymentMethodId: row.paymentMethodId } : {}),
  };
}

function toPayment(row: SimulatedPaymentEntity): GatewayPayment {
  return {
    id: row.id,
    status: row.status as PaymentIntentStatus,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    createdAt: row.createdAt,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
  };
}

function toSetupIntent(row: SimulatedPaymentEntity): GatewaySetupIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as PaymentIntentStatus,
    customerId: row.customerId ?? '',
    paymentMethodId: row.paymentMethodId ?? undefined,
    card: cardOf(row.paymentMethodId),
    metadata: JSON.parse(row.metadata) as Record<string, string>,
  };
}
