import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Not, Repository } from 'typeorm';
import {
  drinkTabReference,
  formatCents,
  type AdminDrinkOrderRow,
  type AdminDrinkOrderStatus,
  type DrinkOrderDetails,
  type DrinkTabDetails,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { PaymentDisputes } from '../payments/payment-disputes.service.js';
import { StaffRefunds, type ReservedRefund } from '../payments/order-lifecycle/staff-refunds.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { withinFilter, type ReportFilter } from '../seasons/seasons.service.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import {
  DRINK_ORDER_DETAIL_ACTIONS,
  DRINK_TAB_DETAIL_ACTIONS,
  refundedOf,
  toDrinkOrderDetails,
  toDrinkTabDetails,
} from './drink-details.mapper.js';
import { DRINKS_LOCK } from './drink-menu.service.js';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { drinkOrderLabel, drinkRefundKey } from './drink-order.mapper.js';
import { DrinkTabEntity } from './drink-tab.entity.js';
import { isUuid } from '../../common/uuid.js';
import { DrinkReceipts } from './receipts/drink-receipts.service.js';

/** Drinks orders that reached the bar: paid at once (refunded since, or not), or put on a tab. */
export const BAR_REACHED: readonly AdminDrinkOrderStatus[] = ['paid', 'tab', 'refunding', 'refunded'];

/**
 * The manager's view of drinks money (docs/reports.md, Drinks orders and tabs): the dashboard's
 * `Drinks Orders` (the export's rows too), each order's and each tab's `Order details` with its
 * timeline, and the manager's refund of a pay-now order. Refunds made in the gateway's
 * dashboard are recorded by DrinkGatewayRefunds.
 */
@Injectable()
export class DrinkOrdersAdmin {
  private readonly logger = new Logger(DrinkOrdersAdmin.name);

  constructor(
    @InjectRepository(DrinkOrderEntity) private readonly orders: Repository<DrinkOrderEntity>,
    @InjectRepository(DrinkTabEntity) private readonly tabs: Repository<DrinkTabEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly disputes: PaymentDisputes,
    private readonly gateway: PaymentGateway,
    private readonly activity: ActivityLog,
    private readonly staffRefunds: StaffRefunds,
    private readonly receipts: DrinkReceipts,
  ) {}

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
    const [tab, activity, dispute] = await Promise.all([
      order.tabId ? this.tabs.findOneBy({ id: order.tabId }) : Promise.resolve(null),
      this.activity.forSubject(order.id, DRINK_ORDER_DETAIL_ACTIONS, this.orders.manager),
      order.tabId ? Promise.resolve(null) : this.disputes.viewOf(order.paymentIntentId),
    ]);
    return toDrinkOrderDetails({ order, tab, activity, dispute });
  }

  /** A tab's `Order details`: its orders, what is on it or what it was charged, and its timeline. */
  async tabDetails(tabId: string): Promise<DrinkTabDetails> {
    const tab = isUuid(tabId) ? await this.tabs.findOneBy({ id: tabId.toLowerCase() }) : null;
    if (!tab) throw new NotFoundException('Tab not found');
    const [orders, activity, dispute] = await Promise.all([
      this.orders.find({ where: { tabId: tab.id, status: 'tab' }, order: { number: 'ASC', createdAt: 'ASC' } }),
      this.activity.forSubject(tab.id, DRINK_TAB_DETAIL_ACTIONS, this.orders.manager),
      this.disputes.viewOf(tab.chargePaymentIntentId),
    ]);
    return toDrinkTabDetails({ tab, orders, activity, dispute });
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
    let refundedId: string | null = null;
    await this.staffRefunds.refund<ReservedRefund & { order: DrinkOrderEntity }>({
      lock: DRINKS_LOCK,
      kind: 'drinks',
      reserve: async (manager) => {
        const found = id ? await manager.findOneBy(DrinkOrderEntity, { id }) : null;
        if (!found) throw new NotFoundException('Order not found');
        refundedId = found.id;
        if (found.tabId) {
          throw new ConflictException("This order is on a tab: it is paid with the tab's charge, so it is refunded with the tab");
        }
        if (found.status === 'refunded') return null;
        if (found.status !== 'refunding') {
          if (found.status !== 'paid' || !found.paymentIntentId)
            throw new ConflictException('This order is not paid, so there is nothing to refund');
          await manager.update(DrinkOrderEntity, { id: found.id, status: 'paid' }, { status: 'refunding' });
        }
        return {
          what: `drink order ${found.id}`,
          paymentIntentId: found.paymentIntentId!,
          idempotencyKey: drinkRefundKey(found.id),
          order: found,
        };
      },
      refused: async (manager, { order }, reason) => {
        // Back to paid, unless it never reached the bar (the site's own refund of a sold-out drink).
        const undone = await manager.update(
          DrinkOrderEntity,
          { id: order.id, status: 'refunding', number: Not(IsNull()) },
          { status: 'paid' },
        );
        if (!undone.affected) return;
        await this.activity.record(manager, actor, {
          action: 'drink.refund',
          object: drinkOrderLabel(order),
          detail: `refund of ${formatCents(order.totalCents - order.refundedCents)} refused by the payment service: ${reason}`,
          subjectId: order.id,
        });
      },
      succeeded: async (manager, { order }, refundId) => {
        const changed = await manager.update(
          DrinkOrderEntity,
          { id: order.id, status: 'refunding' },
          { status: 'refunded', refundId, refundedCents: order.totalCents, refundedAt: new Date() },
        );
        if (!changed.affected) return;
        await this.activity.record(manager, actor, {
          action: 'drink.refund',
          object: drinkOrderLabel(order),
          detail: `${formatCents(order.totalCents - order.refundedCents)} refunded`,
          subjectId: order.id,
        });
        this.logger.warn(`Drink order ${order.id} refunded by ${actor.name}`);
        // The updated receipt (showing the refund), queued with the refund itself.
        await this.receipts.queueForOrder(order.id, 'refund', manager);
      },
    });
    this.receipts.sendSoon();
    return this.orderDetails(refundedId!);
  }
}
