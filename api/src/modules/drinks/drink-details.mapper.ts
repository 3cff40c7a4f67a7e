import {
  drinkTabReference,
  formatCents,
  priceDrinks,
  type ActivityEntry,
  type DrinkOrderDetails,
  type DrinkTabDetails,
  type DrinkTimelineEntry,
  type PaymentDisputeView,
  type StaffAction,
} from '@festival/contracts';
import { activityStep, guestStep, inTimeOrder, SYSTEM_WHO } from '../../common/timeline.js';
import { disputeTimeline, DISPUTE_WHO } from '../payments/payment-disputes.service.js';
import type { DrinkOrderEntity, DrinkOrderLine } from './drink-order.entity.js';
import type { DrinkTabEntity } from './drink-tab.entity.js';

/** The activity-log entries a drinks order's details read: the bar's steps and the manager's refund. */
export const DRINK_ORDER_DETAIL_ACTIONS: readonly StaffAction[] = ['bar.order-status', 'drink.refund'];
/** The activity-log entries a tab's details read: its closing, settling and raised limits. */
export const DRINK_TAB_DETAIL_ACTIONS: readonly StaffAction[] = ['tab.close', 'tab.settle', 'tab.limit'];

/** `2 × Mango Lassi, 1 × Masala Chai`. */
const linesText = (lines: readonly DrinkOrderLine[]) => lines.map((l) => `${l.quantity} × ${l.name}`).join(', ');

/** Refunded of an order: what was recorded, or all of an order refunded before amounts were kept. */
export function refundedOf(order: Pick<DrinkOrderEntity, 'status' | 'refundedCents' | 'totalCents'>): number {
  if ((order.status === 'refunded' || order.status === 'refunding') && !order.refundedCents) return order.totalCents;
  return order.refundedCents;
}

/** Everything a drinks order's details are made of. */
export interface DrinkOrderDetailRows {
  order: DrinkOrderEntity;
  /** The tab it was put on, if any. */
  tab: DrinkTabEntity | null;
  /** The order's entries of DRINK_ORDER_DETAIL_ACTIONS, oldest first. */
  activity: ActivityEntry[];
  /** The dispute of its own payment (none for a tab's order). */
  dispute: PaymentDisputeView | null;
}

/** A drinks order's `Order details`: lines, prices, payment, tab, and its timeline (oldest first). */
export function toDrinkOrderDetails({ order, tab, activity, dispute }: DrinkOrderDetailRows): DrinkOrderDetails {
  const timeline: DrinkTimelineEntry[] = [guestStep('created', order.createdAt, linesText(order.lines))];
  if (order.placedAt && order.status !== 'pending' && order.status !== 'cancelled') {
    timeline.push(
      order.tabId
        ? guestStep('tab.order', order.placedAt, `put on tab ${drinkTabReference(order.tabId)}: ${formatCents(order.totalCents)}`)
        : guestStep('paid', order.placedAt, `${formatCents(order.totalCents)} by card`),
    );
  }
  for (const step of activity) {
    if (step.action !== 'bar.order-status' || (step.detail !== 'ready' && step.detail !== 'served')) continue;
    timeline.push(activityStep(step.detail, step, null));
  }
  // The manager's refund: the last one the payment service made (its detail is the amount).
  const staffRefund = order.refundId ? activity.filter((a) => a.action === 'drink.refund' && a.detail?.startsWith('$')).at(-1) : undefined;
  const refunded = refundedOf(order);
  if (refunded > 0) {
    timeline.push({
      kind: 'refunded',
      at: (order.refundedAt ?? order.updatedAt).toISOString(),
      // Refunded here by the manager, by the site itself (a drink sold out while the guest
      // paid), or in the payment service's dashboard.
      who: staffRefund ? staffRefund.who : order.refundId ? SYSTEM_WHO : DISPUTE_WHO,
      role: staffRefund ? staffRefund.role : null,
      detail:
        order.refundId && order.failureReason ? `${formatCents(refunded)}: ${order.failureReason}` : `${formatCents(refunded)} refunded`,
    });
  }
  timeline.push(...disputeTimeline(dispute));
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    barStatus: order.barStatus,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    tableNumber: order.tableNumber,
    language: order.language,
    lines: order.lines.map((l) => ({ name: l.name, priceCents: l.price, quantity: l.quantity, amountCents: l.price * l.quantity })),
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    tipCents: order.tipCents,
    totalCents: order.totalCents,
    refundedCents: refunded,
    payment: order.tabId ? 'tab' : 'card',
    paymentReference: order.tabId ? null : order.paymentIntentId,
    tab: tab ? { id: tab.id, reference: drinkTabReference(tab.id), status: tab.status } : null,
    dispute,
    createdAt: order.createdAt.toISOString(),
    timeline: inTimeOrder(timeline),
  };
}

/** Everything a tab's details are made of. */
export interface DrinkTabDetailRows {
  tab: DrinkTabEntity;
  /** The orders on the tab, in bar order. */
  orders: DrinkOrderEntity[];
  /** The tab's entries of DRINK_TAB_DETAIL_ACTIONS, oldest first. */
  activity: ActivityEntry[];
  dispute: PaymentDisputeView | null;
}

/** A tab's `Order details`: its orders, what is on it or what it was charged, and its timeline (oldest first). */
export function toDrinkTabDetails({ tab, orders, activity, dispute }: DrinkTabDetailRows): DrinkTabDetails {
  const closed = tab.status === 'closed' || tab.status === 'settled';
  // A closed tab's amounts were fixed when its closing started; an open one's are its orders so far.
  const running = priceDrinks(orders.flatMap((o) => o.lines));
  const subtotalCents = closed && tab.subtotalCents !== null ? tab.subtotalCents : running.subtotalCents;
  const taxCents = closed && tab.taxCents !== null ? tab.taxCents : running.taxCents;

  const timeline: DrinkTimelineEntry[] = [guestStep('created', tab.createdAt, 'tab started')];
  if (tab.openedAt) timeline.push(guestStep('tab.opened', tab.openedAt, 'card saved, tab open'));
  for (const o of orders) {
    timeline.push(guestStep('tab.order', o.placedAt ?? o.createdAt, `${o.number !== null ? `#${o.number}: ` : ''}${linesText(o.lines)}`));
  }
  let failuresLogged = false;
  let closeLogged: ActivityEntry | undefined;
  for (const a of activity) {
    const detail = a.detail ?? '';
    if (a.action === 'tab.limit') {
      timeline.push(activityStep('tab.limit', a, detail));
    } else if (a.action === 'tab.close' && (detail.startsWith('card declined') || detail.startsWith('payment service'))) {
      failuresLogged = true;
      timeline.push(activityStep('tab.charge-failed', a, detail));
    } else if (a.action === 'tab.close' || a.action === 'tab.settle') {
      closeLogged = a;
    }
  }
  if (!failuresLogged && tab.lastChargeError && tab.lastChargeAttemptAt) {
    timeline.push({
      kind: 'tab.charge-failed',
      at: tab.lastChargeAttemptAt.toISOString(),
      who: SYSTEM_WHO,
      role: null,
      detail: tab.lastChargeError,
    });
  }
  if (closed && tab.closedAt) {
    const by = closeLogged
      ? { who: closeLogged.who, role: closeLogged.role }
      : { who: tab.closedBy === 'auto' ? SYSTEM_WHO : tab.closedBy === 'guest' ? 'Guest' : 'Staff', role: null };
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
    tipCents: closed ? (tab.tipCents ?? 0) : 0,
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
    timeline: inTimeOrder(timeline),
  };
}
