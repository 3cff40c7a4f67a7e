import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource, In, type EntityManager, type EntityTarget, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { ExclusiveSection } from '../../../common/exclusive-section.js';
import { FestivalMetrics, saleKindOf } from '../../../common/metrics/festival-metrics.js';
import { secretHash } from '../../../common/secrets.js';
import { GUEST_REFUSALS, GuestRefusal, type RefusalMessage } from '../../../common/guest-refusals.js';
import { PaymentEvents } from '../payment-events.service.js';
import { PaymentGateway, type GatewayPaymentIntent } from '../payment-gateway.js';
import { holdsPaymentSecret, paymentLookup, type PaymentLookup, type SecretKeepingOrder } from './payment-secret.js';

export type CompletionOutcome = 'paid' | 'already-paid' | 'refund';

/** What every order paid through the gateway has: the lifecycle reads and writes only these. */
export interface HeldOrder {
  id: string;
  status: string;
  totalCents: number;
  paymentIntentId: string | null;
  refundId: string | null;
}

/** The columns written to an order of kind T. */
export type OrderColumns<T> = QueryDeepPartialEntity<T>;

/** Columns every held order has, as the columns of kind T (which has them all: T extends HeldOrder). */
const heldOrderColumns = <T>(values: Partial<HeldOrder & SecretKeepingOrder>): OrderColumns<T> => values as unknown as OrderColumns<T>;

/**
 * What one kind of order (party tickets, a feast pre-order, a door card sale, a pay-now drinks
 * order) brings to the one lifecycle: its entity, its lock, its "does it still fit" rule and what
 * marks it paid. The rest (checking the payment with the gateway, the lock, exactly once, the
 * refund of a payment that cannot be honoured) is the lifecycle's.
 */
export interface HeldOrderKind<T extends HeldOrder> {
  /** The gateway metadata `type` of its payments. */
  paymentType: string;
  /** How the log names one: `Order`, `Pre-order`, `Drink order`, `Door sale`. */
  label: string;
  /** The ExclusiveSection lock its holds, payments and refunds are serialised under. */
  lock: string;
  entity: EntityTarget<T>;
  /**
   * The 409s of a payment that did not succeed, or is not this order's (staff's words; a guest's
   * are GUEST_REFUSALS' `Payment was not completed` and `This payment does not match the order`).
   */
  refusals?: { notCompleted?: string; mismatch?: string };
  /**
   * Under the lock, for an order neither paid nor refunded: `null` when the payment can be
   * honoured (its hold is live, or there is room now), else the columns recorded with
   * `refunding` (`{}`, or a reason the buyer is shown).
   */
  refusal(manager: EntityManager, order: T, now: Date): Promise<OrderColumns<T> | null>;
  /** Under the lock: the columns (besides `status`) of the order paid, and anything else done in the same transaction. */
  pay(manager: EntityManager, order: T, now: Date): Promise<OrderColumns<T>>;
  /** After the payment is recorded (the transaction committed): e-mail, the funnel's last step. */
  paid?(order: T): Promise<void>;
  /** The idempotency key of the refund of a payment that could not be honoured. */
  refundKey(order: T): string;
  /** The columns (besides `status` and `refundId`) of that refund recorded. */
  refunded(order: T, now: Date): OrderColumns<T>;
  /** After that refund is recorded: tell the buyer. */
  afterRefund?(order: T): Promise<void>;
  /**
   * A refund the gateway did not take is logged and left `refunding` for retryRefunds (drinks'
   * sweeper) instead of failing the caller (whose webhook is then delivered again).
   */
  refundsRetriedInBackground?: boolean;
}

/** A kind whose buyer's browser confirms its payment (`POST /api/confirm-payment` or a feature's own route). */
export interface ConfirmableOrderKind<T extends HeldOrder & SecretKeepingOrder> extends HeldOrderKind<T> {
  /** The 404 of a payment no order of this kind has. */
  notFound: string;
  /** Whether a row of the entity is an order of this kind (the entity may hold other kinds: a door sale is a party order too). */
  owns?(order: T): boolean;
  /** The 409 the browser gets when its payment is refunded (the order as it is now), in the page's language. */
  refundedAnswer(order: T): GuestRefusal;
}

/** How a guest's held order starts paying at the gateway. */
export interface PaymentStart {
  description: string;
  /** Metadata beyond the kind's type and the order's id (the payer's, for the decline limits). */
  metadata?: Record<string, string>;
  /** One payment per order: the same key again is the same payment. */
  idempotencyKey: string;
  receiptEmail?: string;
  /** The 503's words when the gateway cannot start it (in the page's language). */
  unavailable: RefusalMessage;
  /** After the hold is released because the payment could not start (drop a cached count). */
  released?(): void;
}

/** A 409 in the kind's own words (staff's), else the guest's refusal in the page's language. */
const refused = (words: string | undefined, guest: RefusalMessage) => (words ? new ConflictException(words) : new GuestRefusal(409, guest));

/** Whether an unpaid order still holds what it bought: pending, and its hold not lapsed. */
export function holdIsLive(order: { status: string; holdExpiresAt: Date | null }, now: Date): boolean {
  return order.status === 'pending' && (order.holdExpiresAt?.getTime() ?? 0) > now.getTime();
}

/**
 * What the live holds started from one client address hold, read with `manager`: the sum of
 * `held` (an expression over the order's columns, alias `o`) over `entity`'s pending orders
 * whose hold has not lapsed. The per-address cap of every kind that holds stock counts with it.
 */
export async function heldFromAddress(
  manager: EntityManager,
  entity: EntityTarget<ObjectLiteral>,
  held: string,
  now: Date,
  address: string,
): Promise<number> {
  const row = await manager
    .createQueryBuilder(entity, 'o')
    .select(`COALESCE(SUM(${held}), 0)`, 'held')
    .where("o.status = 'pending' AND o.holdExpiresAt > :now AND o.clientAddress = :address", { now, address })
    .getRawOne<{ held: string | number }>();
  return Number(row?.held ?? 0);
}

/**
 * The one completion of a held order when its payment succeeds (docs/architecture.md, "The
 * money path"). Whichever way the payment is reported — the buyer's browser, the gateway's event
 * (webhook or the simulated gateway), the door's confirm — the order is checked with the gateway
 * (succeeded, this order, this amount), then under the kind's lock marked paid exactly once, or,
 * when it no longer fits (its hold lapsed and what it held was sold meanwhile), marked
 * `refunding` and its payment refunded with one idempotency key.
 */
@Injectable()
export class HeldOrderCompletion {
  private readonly logger = new Logger(HeldOrderCompletion.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly gateway: PaymentGateway,
    private readonly events: PaymentEvents,
    private readonly exclusive: ExclusiveSection,
    private readonly metrics: FestivalMetrics,
  ) {}

  /**
   * Starts the payment of a guest's held order: one gateway payment per order, its id and the
   * hash of its client secret kept on the order (the secret itself only goes back to the
   * browser). When the gateway cannot start it, the hold is released at once — the buyer could
   * not even start paying — and a 503 says so.
   */
  async startPayment<T extends HeldOrder & SecretKeepingOrder>(
    kind: HeldOrderKind<T>,
    order: T,
    start: PaymentStart,
  ): Promise<GatewayPaymentIntent> {
    const manager = this.dataSource.manager;
    try {
      const intent = await this.gateway.createPaymentIntent({
        amountCents: order.totalCents,
        description: start.description,
        metadata: { type: kind.paymentType, orderId: order.id, ...start.metadata },
        idempotencyKey: start.idempotencyKey,
        receiptEmail: start.receiptEmail,
      });
      await manager.update(
        kind.entity,
        { id: order.id } as FindOptionsWhere<T>,
        heldOrderColumns<T>({ paymentIntentId: intent.id, clientSecretHash: secretHash(intent.clientSecret) }),
      );
      return intent;
    } catch (error) {
      await manager.update(
        kind.entity,
        { id: order.id, status: 'pending' } as FindOptionsWhere<T>,
        heldOrderColumns<T>({ status: 'cancelled' }),
      );
      start.released?.();
      this.logger.error(`Could not start the payment of ${kind.label.toLowerCase()} ${order.id}: ${String(error)}`);
      throw new GuestRefusal(503, start.unavailable);
    }
  }

  /**
   * Cancels at the gateway the payments of holds that were released (after the transaction that
   * released them committed), so their card forms can no longer pay. One that still gets through
   * first is a late payment, honoured only as a new order would be (see each kind's refusal).
   */
  async cancelPayments(paymentIntentIds: readonly (string | null)[]): Promise<void> {
    for (const id of paymentIntentIds) {
      if (!id) continue;
      try {
        await this.gateway.cancelIntent(id, 'payment');
      } catch (error) {
        this.logger.warn(`Could not cancel the payment ${id} of a released hold: ${String(error)}`);
      }
    }
  }

  /** The kind's payment events (`payment_intent.succeeded` with its metadata type) complete its orders, idempotently. */
  completeOnPaymentEvents<T extends HeldOrder>(kind: HeldOrderKind<T>): void {
    this.events.onOrder(kind.paymentType, 'payment_intent.succeeded', async (paymentIntentId) => {
      const order = await this.dataSource.manager.findOneBy(kind.entity, { paymentIntentId } as FindOptionsWhere<T>);
      if (!order || order.status === 'paid' || order.status === 'refunded') return;
      await this.complete(kind, order);
    });
  }

  /**
   * The browser's confirmation after the card succeeded: the order of this payment completed if
   * it is not yet (a refunded payment is the kind's 409), and whether the caller holds the
   * payment's client secret (only then may the answer name the buyer). Confirming again is harmless.
   */
  async confirm<T extends HeldOrder & SecretKeepingOrder>(
    kind: ConfirmableOrderKind<T>,
    paymentIntentId: string,
    clientSecret: string | undefined,
  ): Promise<{ order: T; holdsSecret: boolean }> {
    const manager = this.dataSource.manager;
    const order = await manager.findOneBy(kind.entity, { paymentIntentId } as FindOptionsWhere<T>);
    if (!order || (kind.owns && !kind.owns(order))) throw new NotFoundException(kind.notFound);
    const payment = paymentLookup(this.gateway, paymentIntentId);
    if (order.status !== 'paid' && (await this.complete(kind, order, payment)) === 'refund') {
      throw kind.refundedAnswer(await this.reload(kind, order.id));
    }
    const current = await this.reload(kind, order.id);
    return { order: current, holdsSecret: await holdsPaymentSecret(current, clientSecret, payment) };
  }

  /**
   * Marks the order paid exactly once, after checking with the gateway that its payment
   * succeeded for this order and amount; a payment it can no longer honour is refunded.
   */
  async complete<T extends HeldOrder>(
    kind: HeldOrderKind<T>,
    order: T,
    payment: PaymentLookup = paymentLookup(this.gateway, order.paymentIntentId),
  ): Promise<CompletionOutcome> {
    if (order.status === 'refunding' || order.status === 'refunded') {
      await this.refundUnhonoured(kind, order.id);
      return 'refund';
    }
    const intent = await payment();
    if (!intent || intent.status !== 'succeeded') throw refused(kind.refusals?.notCompleted, GUEST_REFUSALS.paymentNotCompleted);
    // This order's payment, of this kind (a door sale's payment never completes an online order).
    if (intent.amountCents !== order.totalCents || intent.metadata.orderId !== order.id || intent.metadata.type !== kind.paymentType) {
      this.logger.error(`Payment ${intent.id} does not match ${kind.label.toLowerCase()} ${order.id}`);
      throw refused(kind.refusals?.mismatch, GUEST_REFUSALS.paymentMismatch);
    }

    const now = new Date();
    const outcome = await this.exclusive.run(kind.lock, async (manager): Promise<CompletionOutcome> => {
      const current = await manager.findOneByOrFail(kind.entity, { id: order.id } as FindOptionsWhere<T>);
      if (current.status === 'paid') return 'already-paid';
      if (current.status === 'refunding' || current.status === 'refunded') return 'refund';
      const unpaid = { id: current.id, status: In(['pending', 'cancelled']) } as FindOptionsWhere<T>;
      const refusal = await kind.refusal(manager, current, now);
      if (refusal) {
        await manager.update(kind.entity, unpaid, { ...refusal, status: 'refunding' } as OrderColumns<T>);
        return 'refund';
      }
      const columns = await kind.pay(manager, current, now);
      await manager.update(kind.entity, unpaid, { ...columns, status: 'paid' } as OrderColumns<T>);
      return 'paid';
    });

    if (outcome === 'paid') {
      this.logger.log(`${kind.label} ${order.id} paid`);
      this.metrics.orderSettled(saleKindOf(kind.paymentType), 'paid', order.totalCents);
      await kind.paid?.(order);
    } else if (outcome === 'refund') {
      await this.refundUnhonoured(kind, order.id);
    }
    return outcome;
  }

  /** Orders of the kind whose refund did not go through (the gateway could not be reached), asked again. */
  async retryRefunds<T extends HeldOrder>(kind: HeldOrderKind<T>): Promise<void> {
    const stuck = await this.dataSource.manager.find(kind.entity, {
      where: { status: 'refunding' } as FindOptionsWhere<T>,
      order: { updatedAt: 'ASC' } as never,
      take: 50,
    });
    for (const order of stuck) await this.refundUnhonoured(kind, order.id);
  }

  /**
   * The refund of a payment the order could not honour (it is `refunding`): at the gateway with
   * the kind's key (asked again, it is the same refund), then recorded once under the lock.
   */
  private async refundUnhonoured<T extends HeldOrder>(kind: HeldOrderKind<T>, orderId: string): Promise<void> {
    try {
      const order = await this.reload(kind, orderId);
      if (order.status !== 'refunding' || !order.paymentIntentId) return;
      const refund = await this.gateway.refundPayment(order.paymentIntentId, kind.refundKey(order));
      const changed = await this.exclusive.run(kind.lock, (manager) =>
        manager.update(
          kind.entity,
          { id: order.id, status: 'refunding' } as FindOptionsWhere<T>,
          {
            ...kind.refunded(order, new Date()),
            status: 'refunded',
            refundId: refund.id,
          } as OrderColumns<T>,
        ),
      );
      if (!changed.affected) return;
      this.metrics.orderSettled(saleKindOf(kind.paymentType), 'refunded');
      this.metrics.refunded(saleKindOf(kind.paymentType), 'unhonoured', refund.amountCents || order.totalCents);
      this.logger.warn(`${kind.label} ${order.id}: its payment could not be honoured and was refunded`);
      await kind.afterRefund?.(order);
    } catch (error) {
      if (!kind.refundsRetriedInBackground) throw error;
      this.logger.error(`Refunding ${kind.label.toLowerCase()} ${orderId} failed; it will be retried: ${String(error)}`);
    }
  }

  private reload<T extends HeldOrder>(kind: HeldOrderKind<T>, id: string): Promise<T> {
    return this.dataSource.manager.findOneByOrFail(kind.entity, { id } as FindOptionsWhere<T>);
  }
}
