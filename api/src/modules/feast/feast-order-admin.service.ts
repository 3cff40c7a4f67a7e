import { ConflictException, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { formatCents, orderReference, type FeastOrderActionResult, type FeastRefundRequest } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { MailOutbox } from '../mail/mail-outbox.js';
import { FeastOrderEntity } from './feast-order.entity.js';
import { GatewayRefundSync, refundedCentsKind } from '../payments/order-lifecycle/gateway-refund-sync.js';
import { StaffRefunds, type ReservedRefund } from '../payments/order-lifecycle/staff-refunds.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { FEAST_LOCK } from './feast-catalog.service.js';
import { FeastEmailService } from './feast-email.service.js';
import { isUuid } from '../../common/uuid.js';

const preOrder = (order: FeastOrderEntity): string => `Pre-order ${orderReference(order.id)}`;

/** The 409 of a refund, without the confirmation, of a pre-order whose packs were handed over. */
export const pickedUpRefusal = (order: FeastOrderEntity): string =>
  `${preOrder(order)} was already picked up (marked by ${order.pickedUpBy ?? 'Unknown'}): ` +
  'refund it only after confirming that, with confirmPickedUp: true';

/**
 * The manager's actions on a feast pre-order (docs/feast-packs.md, "Refunds and cancelling"):
 * `Refund` the whole order through the gateway, `Cancel order` for an unpaid hold, and
 * `Resend confirmation`. Each is safe to repeat, changes its order under the feast lock, and is
 * an activity-log entry in the same transaction. A refund made in the gateway's dashboard arrives
 * by webhook (`charge.refunded`) and is recorded the same way.
 */
@Injectable()
export class FeastOrderAdmin implements OnModuleInit {
  private readonly logger = new Logger(FeastOrderAdmin.name);

  constructor(
    @InjectRepository(FeastOrderEntity) private readonly orders: Repository<FeastOrderEntity>,
    private readonly gateway: PaymentGateway,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly email: FeastEmailService,
    private readonly refundSync: GatewayRefundSync,
    private readonly staffRefunds: StaffRefunds,
  ) {}

  onModuleInit(): void {
    this.refundSync.register(this.gatewayRefunds);
  }

  /**
   * Refunds made at the gateway (Stripe's dashboard), as the one recording of them asks: a refund
   * of the whole of a paid pre-order refunds the order (its packs go back on sale, the buyer is
   * e-mailed); a smaller one is money alone, the order stays paid with what was refunded. Our own
   * refunds' events change nothing more.
   */
  private readonly gatewayRefunds = refundedCentsKind<FeastOrderEntity>({
    label: 'Pre-order',
    lock: FEAST_LOCK,
    entity: FeastOrderEntity,
    refundedWhole: (order) => this.email.sendRefund(order, 'staff'),
  });

  /**
   * Refunds a paid pre-order in full; its packs go back to its pickup time at once. The order is
   * marked `refunding` under the lock (so a second click, or a payment event, finds it taken),
   * the gateway is asked outside it with one idempotency key per order, then it is `refunded`
   * and the buyer e-mailed. A refund the gateway refuses puts the order back as it was; one the
   * gateway did not answer stays `refunding` and the same request again settles it. A pre-order
   * the desk already marked picked up is refunded only with `confirmPickedUp` (a 409 without).
   */
  async refund(orderId: string, actor: StaffActor, { confirmPickedUp = false }: FeastRefundRequest = {}): Promise<FeastOrderActionResult> {
    const order = await this.find(orderId);
    let refunded: FeastOrderEntity | null = null;
    await this.staffRefunds.refund<ReservedRefund & { order: FeastOrderEntity }>({
      lock: FEAST_LOCK,
      kind: 'feast',
      reserve: async (manager) => {
        const current = await manager.findOneByOrFail(FeastOrderEntity, { id: order.id });
        if (current.status === 'refunded') return null;
        if (current.status !== 'refunding') {
          if (current.status !== 'paid' || !current.paymentIntentId) {
            throw new ConflictException('Only a paid pre-order can be refunded; an unpaid one is cancelled');
          }
          if (current.pickedUpAt && !confirmPickedUp) throw new ConflictException(pickedUpRefusal(current));
          await manager.update(FeastOrderEntity, { id: current.id, status: 'paid' }, { status: 'refunding' });
        }
        return {
          what: `pre-order ${current.id}`,
          paymentIntentId: current.paymentIntentId!,
          idempotencyKey: `feast-refund-${current.id}`,
          order: current,
        };
      },
      refused: async (manager, { order: current }, reason) => {
        const undone = await manager.update(FeastOrderEntity, { id: current.id, status: 'refunding' }, { status: 'paid' });
        if (!undone.affected) return;
        await this.activity.record(manager, actor, {
          action: 'feast.refund',
          object: preOrder(current),
          detail: `refund of ${formatCents(current.totalCents)} refused by the payment service: ${reason}`,
          subjectId: current.id,
        });
      },
      succeeded: async (manager, { order: current }, refundId) => {
        const changed = await manager.update(
          FeastOrderEntity,
          { id: current.id, status: 'refunding' },
          { status: 'refunded', refundId, refundedCents: current.totalCents, refundedAt: new Date() },
        );
        if (!changed.affected) return;
        await this.activity.record(manager, actor, {
          action: 'feast.refund',
          object: preOrder(current),
          detail:
            `${formatCents(current.totalCents)} refunded, ${current.packCount} pack${current.packCount === 1 ? '' : 's'} back on sale` +
            (current.pickedUpAt ? `; it had been picked up (${current.pickedUpBy ?? 'Unknown'})` : ''),
          subjectId: current.id,
        });
        refunded = current;
      },
    });
    if (refunded) await this.email.sendRefund(refunded, 'staff');
    return this.result(order.id);
  }

  /** Releases an unpaid pre-order's hold now; cancelling again changes nothing, a paid one is refunded instead. */
  async cancel(orderId: string, actor: StaffActor): Promise<FeastOrderActionResult> {
    const order = await this.find(orderId);
    const cancelled = await this.exclusive.run(FEAST_LOCK, async (manager) => {
      const current = await manager.findOneByOrFail(FeastOrderEntity, { id: order.id });
      if (current.status === 'cancelled') return false;
      if (current.status !== 'pending') {
        throw new ConflictException(
          current.status === 'paid'
            ? 'This pre-order is paid: refund it instead of cancelling it'
            : 'This pre-order was refunded, so there is nothing to cancel',
        );
      }
      await manager.update(FeastOrderEntity, { id: current.id, status: 'pending' }, { status: 'cancelled' });
      await this.activity.record(manager, actor, {
        action: 'feast.cancel',
        object: preOrder(current),
        detail: `unpaid pre-order cancelled, ${current.packCount} pack${current.packCount === 1 ? '' : 's'} back on sale`,
        subjectId: current.id,
      });
      return true;
    });
    if (cancelled && order.paymentIntentId) {
      try {
        await this.gateway.cancelIntent(order.paymentIntentId, 'payment');
      } catch (error) {
        // The hold is released either way; a payment that still succeeds is a late payment.
        this.logger.warn(`Could not cancel the payment of pre-order ${order.id}: ${String(error)}`);
      }
    }
    return this.result(order.id);
  }

  /** Sends the confirmation (with its pickup code) again to the buyer's address, through the outbox. */
  async resendConfirmation(orderId: string, actor: StaffActor): Promise<FeastOrderActionResult> {
    const order = await this.find(orderId);
    await this.exclusive.run(FEAST_LOCK, async (manager) => {
      const current = await manager.findOneByOrFail(FeastOrderEntity, { id: order.id });
      if (current.status !== 'paid') throw new ConflictException('Only a paid pre-order has a confirmation to send');
      // Already on its way: the click is the same request again.
      if (current.emailStatus === 'pending' || current.emailStatus === 'sending') return;
      await manager.update(FeastOrderEntity, { id: current.id, status: 'paid' }, MailOutbox.queuedNow());
      await this.activity.record(manager, actor, {
        action: 'feast.resend',
        object: preOrder(current),
        detail: `confirmation sent again to ${current.customerEmail}`,
        subjectId: current.id,
      });
    });
    this.email.sendSoon();
    return this.result(order.id);
  }

  private async find(orderId: string): Promise<FeastOrderEntity> {
    const order = isUuid(orderId) ? await this.orders.findOneBy({ id: orderId }) : null;
    if (!order) throw new NotFoundException('No such pre-order');
    return order;
  }

  private async result(orderId: string): Promise<FeastOrderActionResult> {
    const order = await this.orders.findOneByOrFail({ id: orderId });
    return {
      id: order.id,
      status: order.status,
      refundedCents: order.refundedCents || (order.status === 'refunded' ? order.totalCents : 0),
      emailStatus: order.emailStatus,
    };
  }
}
