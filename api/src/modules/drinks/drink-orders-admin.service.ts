import { ConflictException, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Like, Not, Repository } from 'typeorm';
import {
  drinkTabReference,
  formatCents,
  priceDrinks,
  type AdminDrinkOrderRow,
  type AdminDrinkOrderStatus,
  type DrinkOrderDetails,
  type DrinkTabDetails,
  type DrinkTimelineEntry,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { PaymentDisputes, disputeTimeline, DISPUTE_WHO } from '../payments/payment-disputes.service.js';
import { PaymentEvents } from '../payments/payment-events.service.js';
import { GatewayUnavailableError, PaymentGateway, RefundRefusedError, type GatewayEvent } from '../payments/payment-gateway.js';
import { withinFilter, type ReportFilter } from '../seasons/seasons.service.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import { StaffActivityEntity } from '../staff/staff-activity.entity.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { DRINKS_LOCK } from './drink-menu.service.js';
import { DrinkOrderEntity, type DrinkOrderLine } from './drink-order.entity.js';
import { drinkOrderLabel, drinkRefundKey } from './drink-order.mapper.js';
import { tabLabel } from './drink-tab-closing.service.js';
import { DrinkTabEntity } from './drink-tab.entity.js';
import { isUuid } from '../../common/uuid.js';

/** Drinks orders that reached the bar: paid at once (refunded since, or not), or put on a tab. */
export const BAR_REACHED: readonly AdminDrinkOrderStatus[] = ['paid', 'tab', 'refunding', 'refunded'];

/** `2 × Mango Lassi, 1 × Masala Chai`. */
const linesText = (lines: readonly DrinkOrderLine[]) => lines.map((l) => `${l.quantity} × ${l.name}`).join(', ');

const byTime = (a: DrinkTimelineEntry, b: DrinkTimelineEntry) => a.at.localeCompare(b.at);

/**
 * The manager's view of drinks money (docs/reports.md, Drinks orders and tabs): the dashboard's
 * `Drinks Orders` (the export's rows too), each order's and each tab's `Order details` with its
 * timeline, and refunds made in the gateway's dashboard, which arrive by webhook
 * (`charge.refunded`) and are recorded on the order or the tab they belong to.
 */
@Injectable()
export class DrinkOrdersAdmin implements OnModuleInit {
  private readonly logger = new Logger(DrinkOrdersAdmin.name);

  constructor(
    @InjectRepository(DrinkOrderEntity) private readonly orders: Repository<DrinkOrderEntity>,
    @InjectRepository(DrinkTabEntity) private readonly tabs: Repository<DrinkTabEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly events: PaymentEvents,
    private readonly disputes: PaymentDisputes,
    private readonly gateway: PaymentGateway,
    private readonly activity: ActivityLog,
  ) {}

  onModuleInit(): void {
    this.events.on('charge.refunded', (event) => this.onGatewayRefund(event));
  }

  /** Orders of the event and dates that reached the bar, newest first: the table and its export. */
  async list(filter: ReportFilter): Promise<AdminDrinkOrderRow[]> {
    const rows = await this.orders.find({
      where: { ...withinFilter(filter, 'createdAt'), status: In([...BAR_REACHED]) },
      order: { createdAt: 'DESC', number: 'DESC' },
    });
    const disputes = await this.disputes.forPayments(rows.map((o) => (o.tabId ? null : o.paymentIntentId)));
    return rows.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status as AdminDrinkOrderStatus,
      barStatus: o.barStatus,
      customerName: o.customerName,
      tableNumber: o.tableNumber,
      items: o.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
      subtotalCents: o.subtotalCents,
      taxCents: o.taxCents,
      totalCents: o.totalCents,
      refundedCents: refundedOf(o),
      tabId: o.tabId,
      tabReference: o.tabId ? drinkTabReference(o.tabId) : null,
      dispute: (o.paymentIntentId && !o.tabId ? disputes.get(o.paymentIntentId)?.status : undefined) ?? null,
      createdAt: o.createdAt.toISOString(),
    }));
  }

  /** A drinks order's `Order details`: lines, prices, payment, tab, and its timeline. */
  async orderDetails(orderId: string): Promise<DrinkOrderDetails> {
    const order = isUuid(orderId) ? await this.orders.findOneBy({ id: orderId.toLowerCase() }) : null;
    if (!order) throw new NotFoundException('Order not found');
    const [tab, barSteps, staffRefund, dispute] = await Promise.all([
      order.tabId ? this.tabs.findOneBy({ id: order.tabId }) : Promise.resolve(null),
      order.number !== null
        ? this.orders.manager.find(StaffActivityEntity, {
            where: { action: 'bar.order-status', object: Like(`Order #${order.number} (%`) },
            order: { id: 'ASC' },
          })
        : Promise.resolve([]),
      order.refundId
        ? this.orders.manager.findOne(StaffActivityEntity, {
            where: { action: 'drink.refund', object: drinkOrderLabel(order), detail: Like('$%') },
            order: { id: 'DESC' },
          })
        : Promise.resolve(null),
      order.tabId ? Promise.resolve(null) : this.disputes.viewOf(order.paymentIntentId),
    ]);
    const timeline: DrinkTimelineEntry[] = [
      { kind: 'created', at: order.createdAt.toISOString(), who: 'Guest', role: null, detail: linesText(order.lines) },
    ];
    if (order.placedAt && order.status !== 'pending' && order.status !== 'cancelled') {
      timeline.push(
        order.tabId
          ? {
              kind: 'tab.order',
              at: order.placedAt.toISOString(),
              who: 'Guest',
              role: null,
              detail: `put on tab ${drinkTabReference(order.tabId)}: ${formatCents(order.totalCents)}`,
            }
          : {
              kind: 'paid',
              at: order.placedAt.toISOString(),
              who: 'Guest',
              role: null,
              detail: `${formatCents(order.totalCents)} by card`,
            },
      );
    }
    for (const step of barSteps) {
      if (step.detail !== 'ready' && step.detail !== 'served') continue;
      timeline.push({ kind: step.detail, at: step.at.toISOString(), who: step.who, role: step.role, detail: null });
    }
    const refunded = refundedOf(order);
    if (refunded > 0) {
      timeline.push({
        kind: 'refunded',
        at: (order.refundedAt ?? order.updatedAt).toISOString(),
        // Refunded here by the manager, by the site itself (a drink sold out while the guest
        // paid), or in the payment service's dashboard.
        who: staffRefund ? staffRefund.who : order.refundId ? 'System' : DISPUTE_WHO,
        role: staffRefund ? staffRefund.role : null,
        detail:
          order.refundId && order.failureReason ? `${formatCents(refunded)}: ${order.failureReason}` : `${formatCents(refunded)} refunded`,
      });
    }
    timeline.push(...disputeTimeline(dispute));
    timeline.sort(byTime);
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      barStatus: order.barStatus,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      tableNumber: order.tableNumber,
      lines: order.lines.map((l) => ({ name: l.name, priceCents: l.price, quantity: l.quantity, amountCents: l.price * l.quantity })),
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      refundedCents: refunded,
      payment: order.tabId ? 'tab' : 'card',
      paymentReference: order.tabId ? null : order.paymentIntentId,
      tab: tab ? { id: tab.id, reference: drinkTabReference(tab.id), status: tab.status } : null,
      dispute,
      createdAt: order.createdAt.toISOString(),
      timeline,
    };
  }

  /** A tab's `Order details`: its orders, what is on it or what it was charged, and its timeline. */
  async tabDetails(tabId: string): Promise<DrinkTabDetails> {
    const tab = isUuid(tabId) ? await this.tabs.findOneBy({ id: tabId.toLowerCase() }) : null;
    if (!tab) throw new NotFoundException('Tab not found');
    const [orders, actions, dispute] = await Promise.all([
      this.orders.find({ where: { tabId: tab.id, status: 'tab' }, order: { number: 'ASC', createdAt: 'ASC' } }),
      this.orders.manager.find(StaffActivityEntity, {
        where: { action: In(['tab.close', 'tab.settle', 'tab.limit']), object: tabLabel(tab) },
        order: { id: 'ASC' },
      }),
      this.disputes.viewOf(tab.chargePaymentIntentId),
    ]);
    const closed = tab.status === 'closed' || tab.status === 'settled';
    // A closed tab's amounts were fixed when its closing started; an open one's are its orders so far.
    const running = priceDrinks(orders.flatMap((o) => o.lines));
    const subtotalCents = closed && tab.subtotalCents !== null ? tab.subtotalCents : running.subtotalCents;
    const taxCents = closed && tab.taxCents !== null ? tab.taxCents : running.taxCents;

    const timeline: DrinkTimelineEntry[] = [
      { kind: 'created', at: tab.createdAt.toISOString(), who: 'Guest', role: null, detail: 'tab started' },
    ];
    if (tab.openedAt) {
      timeline.push({ kind: 'tab.opened', at: tab.openedAt.toISOString(), who: 'Guest', role: null, detail: 'card saved, tab open' });
    }
    for (const o of orders) {
      timeline.push({
        kind: 'tab.order',
        at: (o.placedAt ?? o.createdAt).toISOString(),
        who: 'Guest',
        role: null,
        detail: `${o.number !== null ? `#${o.number}: ` : ''}${linesText(o.lines)}`,
      });
    }
    let failuresLogged = false;
    let closeLogged: StaffActivityEntity | undefined;
    for (const a of actions) {
      const detail = a.detail ?? '';
      if (a.action === 'tab.limit') {
        timeline.push({ kind: 'tab.limit', at: a.at.toISOString(), who: a.who, role: a.role, detail });
      } else if (a.action === 'tab.close' && (detail.startsWith('card declined') || detail.startsWith('payment service'))) {
        failuresLogged = true;
        timeline.push({ kind: 'tab.charge-failed', at: a.at.toISOString(), who: a.who, role: a.role, detail });
      } else if (a.action === 'tab.close' || a.action === 'tab.settle') {
        closeLogged = a;
      }
    }
    if (!failuresLogged && tab.lastChargeError && tab.lastChargeAttemptAt) {
      timeline.push({
        kind: 'tab.charge-failed',
        at: tab.lastChargeAttemptAt.toISOString(),
        who: 'System',
        role: null,
        detail: tab.lastChargeError,
      });
    }
    if (closed && tab.closedAt) {
      const by = closeLogged
        ? { who: closeLogged.who, role: closeLogged.role }
        : { who: tab.closedBy === 'auto' ? 'System' : 'Staff', role: null };
      timeline.push(
        tab.status === 'settled'
          ? {
              kind: 'tab.settled',
              at: tab.closedAt.toISOString(),
              ...by,
              detail: `paid another way: ${formatCents(subtotalCents + taxCents)}`,
            }
          : {
              kind: 'tab.charged',
              at: tab.closedAt.toISOString(),
              ...by,
              detail: tab.chargedCents ? `card charged ${formatCents(tab.chargedCents)}` : 'closed, nothing to charge',
            },
      );
    }
    if (tab.refundedCents > 0) {
      timeline.push({
        kind: 'refunded',
        at: (tab.refundedAt ?? tab.updatedAt).toISOString(),
        who: DISPUTE_WHO,
        role: null,
        detail: `${formatCents(tab.refundedCents)} refunded`,
      });
    }
    timeline.push(...disputeTimeline(dispute));
    timeline.sort(byTime);
    return {
      id: tab.id,
      reference: drinkTabReference(tab.id),
      status: tab.status,
      customerName: tab.customerName,
      customerEmail: tab.customerEmail,
      customerPhone: tab.customerPhone,
      tableNumber: tab.tableNumber,
      orders: orders.map((o) => ({
        id: o.id,
        number: o.number,
        barStatus: o.barStatus,
        items: o.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
        subtotalCents: o.subtotalCents,
        createdAt: o.createdAt.toISOString(),
      })),
      subtotalCents,
      taxCents,
      totalCents: subtotalCents + taxCents,
      chargedCents: tab.chargedCents,
      refundedCents: tab.refundedCents,
      limitCents: tab.limitCents,
      paymentReference: tab.chargePaymentIntentId,
      closedBy: tab.closedBy,
      lastChargeError: tab.lastChargeError,
      dispute,
      openedAt: tab.openedAt?.toISOString() ?? null,
      closedAt: tab.closedAt?.toISOString() ?? null,
      createdAt: tab.createdAt.toISOString(),
      timeline,
    };
  }

  /**
   * `Refund` in a drinks order's details: the manager refunds a pay-now order in full (what is
   * left of it, if part was refunded in the payment service's dashboard). The order is marked
   * `refunding` under the drinks lock, so a second click or a payment event finds it taken; the
   * gateway is asked outside the lock with the order's one refund key, the key the site's own
   * refunds use, so a refund is made once whoever asks. A refund the gateway refuses puts the
   * order back as it was and says why; one the gateway did not answer stays `refunding`, and the
   * same request again, or the background retry of refunds, finishes it. The drinks stay sold:
   * what the bar poured is not put back in stock. A tab's orders are refunded with the tab's
   * charge, in the payment service.
   */
  async refund(orderId: string, actor: StaffActor): Promise<DrinkOrderDetails> {
    const id = isUuid(orderId) ? orderId.toLowerCase() : null;
    const current = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const found = id ? await manager.findOneBy(DrinkOrderEntity, { id }) : null;
      if (!found) throw new NotFoundException('Order not found');
      if (found.tabId) {
        throw new ConflictException("This order is on a tab: it is paid with the tab's charge, so it is refunded with the tab");
      }
      if (found.status === 'refunded' || found.status === 'refunding') return found;
      if (found.status !== 'paid' || !found.paymentIntentId) {
        throw new ConflictException('This order is not paid, so there is nothing to refund');
      }
      await manager.update(DrinkOrderEntity, { id: found.id, status: 'paid' }, { status: 'refunding' });
      return found;
    });
    if (current.status === 'refunded') return this.orderDetails(current.id);

    const amountCents = current.totalCents - current.refundedCents;
    let refundId: string;
    try {
      refundId = (await this.gateway.refundPayment(current.paymentIntentId!, drinkRefundKey(current.id))).id;
    } catch (error) {
      if (error instanceof GatewayUnavailableError) {
        this.logger.warn(`Refund of drink order ${current.id}: the gateway did not answer: ${String(error)}`);
        throw error;
      }
      const reason = error instanceof RefundRefusedError ? error.message : String(error);
      await this.exclusive.run(DRINKS_LOCK, async (manager) => {
        const undone = await manager.update(
          DrinkOrderEntity,
          // Back to paid, unless it never reached the bar (the site's own refund of a sold-out drink).
          { id: current.id, status: 'refunding', number: Not(IsNull()) },
          { status: 'paid' },
        );
        if (undone.affected) {
          await this.activity.record(manager, actor, {
            action: 'drink.refund',
            object: drinkOrderLabel(current),
            detail: `refund of ${formatCents(amountCents)} refused by the payment service: ${reason}`,
          });
        }
      });
      throw error instanceof RefundRefusedError ? error : new RefundRefusedError(reason);
    }

    await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const changed = await manager.update(
        DrinkOrderEntity,
        { id: current.id, status: 'refunding' },
        { status: 'refunded', refundId, refundedCents: current.totalCents, refundedAt: new Date() },
      );
      if (!changed.affected) return;
      await this.activity.record(manager, actor, {
        action: 'drink.refund',
        object: drinkOrderLabel(current),
        detail: `${formatCents(amountCents)} refunded`,
      });
    });
    this.logger.warn(`Drink order ${current.id} refunded by ${actor.name}`);
    return this.orderDetails(current.id);
  }

  /**
   * `charge.refunded`: the cents refunded of a payment in all, for a pay-now drinks order or a
   * tab's charge. A refund made in the gateway's dashboard is recorded on it (`refundedCents`);
   * a pay-now order refunded whole is `refunded` and leaves the bar's queue. Our own refund of an
   * order whose drink sold out (`refunding`) finishes as before. Idempotent.
   */
  private async onGatewayRefund(event: GatewayEvent): Promise<void> {
    if (event.amountRefundedCents === undefined || !event.objectId) return;
    const paymentId = event.objectId;
    const [order, tab] = await Promise.all([
      this.orders.findOneBy({ paymentIntentId: paymentId }),
      this.tabs.findOneBy({ chargePaymentIntentId: paymentId }),
    ]);
    if (order) {
      const changed = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
        const current = await manager.findOneByOrFail(DrinkOrderEntity, { id: order.id });
        if (current.status !== 'paid' && current.status !== 'refunding' && current.status !== 'refunded') return false;
        const refunded = Math.min(event.amountRefundedCents!, current.totalCents);
        if (refunded <= current.refundedCents) return false;
        const whole = current.status === 'paid' && refunded >= current.totalCents;
        await manager.update(
          DrinkOrderEntity,
          { id: current.id, status: current.status },
          { refundedCents: refunded, refundedAt: new Date(), ...(whole ? { status: 'refunded' as const } : {}) },
        );
        return true;
      });
      if (changed) this.logger.warn(`Drink order ${order.id}: a refund made at the payment service was recorded`);
    } else if (tab) {
      const changed = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
        const current = await manager.findOneByOrFail(DrinkTabEntity, { id: tab.id });
        const refunded = Math.min(event.amountRefundedCents!, current.chargedCents ?? 0);
        if (refunded <= current.refundedCents) return false;
        await manager.update(DrinkTabEntity, { id: current.id }, { refundedCents: refunded, refundedAt: new Date() });
        return true;
      });
      if (changed) this.logger.warn(`Tab ${tab.id}: a refund of its charge made at the payment service was recorded`);
    }
  }
}

/** Refunded of an order: what was recorded, or all of an order refunded before amounts were kept. */
export function refundedOf(order: Pick<DrinkOrderEntity, 'status' | 'refundedCents' | 'totalCents'>): number {
  if ((order.status === 'refunded' || order.status === 'refunding') && !order.refundedCents) return order.totalCents;
  return order.refundedCents;
}
