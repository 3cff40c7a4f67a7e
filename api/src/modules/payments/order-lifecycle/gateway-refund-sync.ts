import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type FindOptionsWhere } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { ExclusiveSection } from '../../../common/exclusive-section.js';
import { FestivalMetrics, saleKindOf } from '../../../common/metrics/festival-metrics.js';
import { PaymentEvents } from '../payment-events.service.js';
import type { GatewayEvent } from '../payment-gateway.js';

/** A refund made at the gateway, as one kind of order records it. */
export interface GatewayRefund {
  /** The cents refunded of the payment in all, at most what it was. */
  refundedCents: number;
  /** What no earlier refund accounts for: the new refund. */
  extraCents: number;
  event: GatewayEvent;
}

/** What one kind of order (or a tab's charge) brings to the recording of refunds made at the gateway. */
export interface GatewayRefundKind<T extends { id: string }> {
  /** How the log names one. */
  label: string;
  lock: string;
  entity: EntityTarget<T>;
  /** The column holding the id of the payment a refund belongs to. */
  paymentColumn: keyof T & string;
  /** The cents the payment was. */
  paidCents(order: T): number;
  /**
   * Under the lock: the cents of the payment already refunded as far as the order knows (its own
   * refunds, done or under way), or `null` when the order takes no refund in its state.
   */
  accountedCents(manager: EntityManager, order: T): Promise<number | null>;
  /** Under the lock: records the refund on the order; false when it was already recorded. */
  record(manager: EntityManager, order: T, refund: GatewayRefund): Promise<boolean>;
  /** After the refund is recorded (the order as it was before it, under the lock): e-mail the buyer. */
  recorded?(before: T, refund: GatewayRefund): Promise<void>;
}

/** An order that keeps what was refunded of it in two columns (a feast pre-order, a pay-now drinks order). */
export interface RefundedCentsOrder {
  id: string;
  status: string;
  totalCents: number;
  refundedCents: number;
  refundedAt: Date | null;
}

/**
 * The refunds of an order that keeps what was refunded of it: a paid, refunding or refunded order
 * takes them; a refund of the whole of a paid order refunds it (`refunded`), a smaller one is
 * money alone and the order stays as it is with what was refunded. Our own refunds' events change
 * nothing more (their cents are already recorded).
 */
export function refundedCentsKind<T extends RefundedCentsOrder>(kind: {
  label: string;
  lock: string;
  entity: EntityTarget<T>;
  /** After a refund of the whole of a paid order is recorded. */
  refundedWhole?(order: T): Promise<void>;
}): GatewayRefundKind<T> {
  const wholeOfPaid = (order: T, refundedCents: number) => order.status === 'paid' && refundedCents >= order.totalCents;
  return {
    label: kind.label,
    lock: kind.lock,
    entity: kind.entity,
    paymentColumn: 'paymentIntentId' as keyof T & string,
    paidCents: (order) => order.totalCents,
    accountedCents: async (_manager, order) =>
      order.status === 'paid' || order.status === 'refunding' || order.status === 'refunded' ? order.refundedCents : null,
    record: async (manager, order, { refundedCents }) => {
      const columns = { refundedCents, refundedAt: new Date(), ...(wholeOfPaid(order, refundedCents) ? { status: 'refunded' } : {}) };
      await manager.update(
        kind.entity,
        { id: order.id, status: order.status } as FindOptionsWhere<T>,
        columns as unknown as QueryDeepPartialEntity<T>,
      );
      return true;
    },
    recorded: async (before, { refundedCents }) => {
      if (wholeOfPaid(before, refundedCents)) await kind.refundedWhole?.(before);
    },
  };
}

/**
 * The one recording of a refund made at the gateway (Stripe's dashboard), which arrives as a
 * `charge.refunded` event carrying the cents refunded of a payment in all. Each kind of order
 * registers how it keeps refunds; this finds the order of the payment, clamps the amount to what
 * was paid, and records only what its own refunds do not already account for, once, under the
 * kind's lock. Idempotent: the same event again, or our own refund's event, records nothing.
 */
@Injectable()
export class GatewayRefundSync implements OnModuleInit {
  private readonly logger = new Logger(GatewayRefundSync.name);
  private readonly kinds: GatewayRefundKind<{ id: string }>[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: PaymentEvents,
    private readonly exclusive: ExclusiveSection,
    private readonly metrics: FestivalMetrics,
  ) {}

  onModuleInit(): void {
    this.events.on('charge.refunded', (event) => this.onRefund(event));
  }

  register<T extends { id: string }>(kind: GatewayRefundKind<T>): void {
    this.kinds.push(kind as unknown as GatewayRefundKind<{ id: string }>);
  }

  private async onRefund(event: GatewayEvent): Promise<void> {
    const refunded = event.amountRefundedCents;
    if (refunded === undefined || !event.objectId) return;
    for (const kind of this.kinds) {
      const found = await this.dataSource.manager.findOneBy(kind.entity, { [kind.paymentColumn]: event.objectId } as FindOptionsWhere<{
        id: string;
      }>);
      if (!found) continue;
      const recorded = await this.exclusive.run(kind.lock, async (manager) => {
        const order = await manager.findOneByOrFail(kind.entity, { id: found.id });
        const known = await kind.accountedCents(manager, order);
        if (known === null) return null;
        const refundedCents = Math.min(refunded, kind.paidCents(order));
        const refund: GatewayRefund = { refundedCents, extraCents: refundedCents - known, event };
        if (refund.extraCents <= 0 || !(await kind.record(manager, order, refund))) return null;
        return { before: order, refund };
      });
      if (!recorded) continue;
      this.metrics.refunded(saleKindOf(event.metadata.type), 'gateway', recorded.refund.extraCents);
      this.logger.warn(`${kind.label} ${found.id}: a refund made at the payment service was recorded`);
      await kind.recorded?.(recorded.before, recorded.refund);
    }
  }
}
