import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ExclusiveSection } from '../../../common/exclusive-section.js';
import { FestivalMetrics, type SaleKind } from '../../../common/metrics/festival-metrics.js';
import { GatewayUnavailableError, PaymentGateway, RefundRefusedError } from '../payment-gateway.js';

/** One refund a staff member asked for, as a kind of order reserved it: what to ask the gateway. */
export interface ReservedRefund {
  /** For the log: `order 1f…`, `refund 9c… of order 1f…`. */
  what: string;
  paymentIntentId: string;
  /** One key per refund: the same refund asked again is one refund at the gateway. */
  idempotencyKey: string;
  /** The cents to refund (all that is left of the payment when unset); 0 asks the gateway nothing. */
  amountCents?: number;
}

/** How a reserved refund is settled; each step runs under `lock`. */
export interface RefundSettlement<R extends ReservedRefund> {
  lock: string;
  /** The kind of order, as the metrics count its refunds. */
  kind: SaleKind;
  /** Under the lock: the gateway refused; put back what was reserved and write the activity log. */
  refused(manager: EntityManager, refund: R, reason: string): Promise<void>;
  /** Under the lock: the gateway refunded; record it (status, refunded cents, activity log, e-mail queued). */
  succeeded(manager: EntityManager, refund: R, gatewayRefundId: string | null): Promise<void>;
}

/** What one kind of order brings to a staff refund. */
export interface StaffRefundSteps<R extends ReservedRefund> extends RefundSettlement<R> {
  /**
   * Under the lock: the refund reserved (the order marked `refunding`, or a `pending` refund row
   * holding its tickets and cents), or `null` when it was already made (a repeated click). A
   * refund that cannot be made is a 409 thrown from here.
   */
  reserve(manager: EntityManager): Promise<R | null>;
}

/**
 * The one flow of a refund staff ask for (docs/refunds.md), whatever the order: reserved under
 * the order's lock (so a second click or a payment event finds it taken), asked of the gateway
 * outside any lock with its own idempotency key, then recorded under the lock again — or, when
 * the gateway refuses, put back as it was and the refusal thrown (a 502 with the gateway's
 * reason). When the gateway does not answer, whether the money went back is unknown: the refund
 * stays reserved and the same request again (or a background retry) settles it.
 */
@Injectable()
export class StaffRefunds {
  private readonly logger = new Logger(StaffRefunds.name);

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly exclusive: ExclusiveSection,
    private readonly metrics: FestivalMetrics,
  ) {}

  /** Reserves and settles a refund; false when it had already been made. */
  async refund<R extends ReservedRefund>(steps: StaffRefundSteps<R>): Promise<boolean> {
    const refund = await this.exclusive.run(steps.lock, (manager) => steps.reserve(manager));
    if (!refund) return false;
    await this.settle(steps, refund);
    return true;
  }

  /** The gateway's refund of a reserved refund, then its outcome recorded under the lock. */
  async settle<R extends ReservedRefund>(steps: RefundSettlement<R>, refund: R): Promise<void> {
    let gatewayRefundId: string | null = null;
    let refundedCents = refund.amountCents ?? 0;
    if (refund.amountCents !== 0) {
      try {
        const made = await this.gateway.refundPayment(refund.paymentIntentId, refund.idempotencyKey, refund.amountCents);
        gatewayRefundId = made.id;
        refundedCents = made.amountCents;
      } catch (error) {
        if (error instanceof GatewayUnavailableError) {
          this.logger.warn(`Refund of ${refund.what}: the gateway did not answer: ${String(error)}`);
          throw error;
        }
        const reason = error instanceof RefundRefusedError ? error.message : String(error);
        await this.exclusive.run(steps.lock, (manager) => steps.refused(manager, refund, reason));
        throw error instanceof RefundRefusedError ? error : new RefundRefusedError(reason);
      }
    }
    await this.exclusive.run(steps.lock, (manager) => steps.succeeded(manager, refund, gatewayRefundId));
    this.metrics.refunded(steps.kind, 'staff', refundedCents);
  }
}
