import {
  formatCents,
  orderReference,
  ticketLines,
  type ActivityEntry,
  type GuestMeal,
  type PartyOrderDetails,
  type PartyOrderTimelineEntry,
  type PaymentDisputeView,
  type StaffAction,
} from '@festival/contracts';
import { activityStep, GUEST_WHO, guestStep, inTimeOrder, SYSTEM_WHO } from '../../common/timeline.js';
import { disputeTimeline } from '../payments/payment-disputes.service.js';
import type { ConfirmationResendEntity } from './confirmation-resend.entity.js';
import type { PartyOrderEntity } from './party-order.entity.js';
import type { PartyRefundEntity } from './party-refund.entity.js';
import type { PartyOrderItemEntity } from './party-order-item.entity.js';
import type { TicketRedemptionEntity } from './ticket-redemption.entity.js';

/** The activity-log entries an order's details read: who made a staff-made order, and its cancel and edits. */
export const PARTY_DETAIL_ACTIONS: readonly StaffAction[] = [
  'ticket.cancel',
  'ticket.edit',
  'ticket.comp',
  'ticket.door-sale',
  'ticket.meal',
];

/** Everything an order's details are made of, each list oldest first. */
export interface PartyOrderDetailRows {
  order: PartyOrderEntity;
  refunds: PartyRefundEntity[];
  /** The order's admissions at the door (`entry` redemptions). */
  admissions: TicketRedemptionEntity[];
  resends: ConfirmationResendEntity[];
  /** The order's entries of PARTY_DETAIL_ACTIONS. */
  activity: ActivityEntry[];
  dispute: PaymentDisputeView | null;
  /** Each seat's meal row (docs/meals.md). */
  guests?: GuestMeal[];
  /** Its tickets of the season's other types (none for most orders). */
  lines?: PartyOrderItemEntity[];
}

/** `1 VIP Table` for a refund's items, named by the order's lines. */
const itemsOf = (r: Pick<PartyRefundEntity, 'items'>, lines: readonly PartyOrderItemEntity[]) =>
  r.items.map((item) => ({
    typeId: item.typeId,
    name: lines.find((line) => line.typeId === item.typeId)?.name ?? `type ${item.typeId}`,
    quantity: item.quantity,
  }));

/** `Order details`: the buyer, the tickets and price, the refunds, and the timeline (oldest first). */
export function toPartyOrderDetails({
  order,
  refunds,
  admissions,
  resends,
  activity,
  dispute,
  guests = [],
  lines = [],
}: PartyOrderDetailRows): PartyOrderDetails {
  const open = refunds.filter((r) => r.status !== 'failed');
  return {
    id: order.id,
    reference: orderReference(order.id),
    status: order.status,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    language: order.language,
    adultTickets: order.adultTickets,
    childTickets: order.childTickets,
    adultPriceCents: order.adultPriceCents,
    childPriceCents: order.childPriceCents,
    subtotalCents: order.subtotalCents,
    groupDiscountPercent: order.groupDiscountPercent,
    groupDiscountCents: order.groupDiscountCents,
    promoCode: order.promoCode,
    promoDiscountPercent: order.promoDiscountPercent,
    promoDiscountCents: order.promoDiscountCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    validAdults: order.adultTickets - open.reduce((sum, r) => sum + r.adults, 0),
    validChildren: order.childTickets - open.reduce((sum, r) => sum + r.children, 0),
    lines: lines.map((line) => ({
      typeId: line.typeId,
      name: line.name,
      quantity: line.quantity,
      valid: line.quantity - open.reduce((sum, r) => sum + (r.items.find((item) => item.typeId === line.typeId)?.quantity ?? 0), 0),
      seats: line.seats,
      unitPriceCents: line.unitPriceCents,
    })),
    refundedCents: order.refundedCents,
    comp: order.comp,
    compReason: order.compReason,
    paymentMethod: order.paymentMethod,
    paymentReference: order.paymentIntentId,
    emailStatus: order.emailStatus,
    emailError: order.emailStatus === 'failed' ? order.emailLastError : null,
    admitted: admissions.reduce((sum, a) => sum + a.count, 0),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    dispute,
    refunds: refunds.map((r) => ({
      id: r.id,
      adults: r.adults,
      children: r.children,
      items: itemsOf(r, lines),
      amountCents: r.amountCents,
      status: r.status,
      source: r.source,
      gatewayRefundId: r.gatewayRefundId,
      error: r.error,
      who: r.who,
      at: r.at.toISOString(),
      emailStatus: r.emailStatus,
    })),
    timeline: partyOrderTimeline({ order, refunds, admissions, resends, activity, dispute, lines }),
    guests,
  };
}

/**
 * The order's history, oldest first: made (by the guest, or by the staff member of its comp or
 * door sale), paid, its confirmation e-mails, admissions, refunds, cancel and edits, and a dispute.
 */
export function partyOrderTimeline({
  order,
  refunds,
  admissions,
  resends,
  activity,
  dispute,
  lines = [],
}: PartyOrderDetailRows): PartyOrderTimelineEntry[] {
  const staffMade = activity.find((a) => a.action === 'ticket.comp' || a.action === 'ticket.door-sale');
  const tickets = ticketLines(order.adultTickets, order.childTickets, lines);
  const timeline: PartyOrderTimelineEntry[] = [
    {
      kind: 'created',
      at: order.createdAt.toISOString(),
      who: order.requestId ? (staffMade?.who ?? 'Staff') : GUEST_WHO,
      role: order.requestId ? (staffMade?.role ?? null) : null,
      detail: order.comp
        ? `${tickets} added as guests (comp): ${order.compReason ?? ''}`
        : order.paymentMethod === 'cash'
          ? `${tickets} sold at the door`
          : tickets,
    },
  ];
  if (order.paidAt && !order.comp) timeline.push(guestStep('paid', order.paidAt, formatCents(order.totalCents)));
  if (order.emailSettledAt && (order.emailStatus === 'sent' || order.emailStatus === 'failed')) {
    timeline.push({
      kind: order.emailStatus === 'sent' ? 'email.sent' : 'email.failed',
      at: order.emailSettledAt.toISOString(),
      who: SYSTEM_WHO,
      role: null,
      detail: order.emailStatus === 'sent' ? `confirmation e-mailed to ${order.customerEmail}` : order.emailLastError,
    });
  }
  for (const r of resends) {
    timeline.push({ kind: 'email.resent', at: r.at.toISOString(), who: r.who, role: r.role, detail: 'confirmation e-mailed again' });
  }
  for (const a of admissions) {
    timeline.push({
      kind: 'checked-in',
      at: a.at.toISOString(),
      who: a.who,
      role: a.role,
      detail: `${a.count} admitted${a.offline ? ' offline' : ''}`,
    });
  }
  for (const r of refunds) {
    if (r.status === 'pending') continue;
    const items = itemsOf(r, lines);
    const what = r.adults + r.children + items.length > 0 ? `${ticketLines(r.adults, r.children, items)} refunded, ` : 'refunded ';
    timeline.push({
      kind: r.status === 'succeeded' ? 'refunded' : 'refund.failed',
      at: r.at.toISOString(),
      who: r.who,
      role: r.role,
      detail:
        r.status === 'succeeded'
          ? `${what}${formatCents(r.amountCents)}`
          : `refund of ${formatCents(r.amountCents)} refused: ${r.error ?? ''}`,
    });
  }
  // A payment that came after its hold was released or lapsed, and could not be honoured.
  if (order.failureReason && (order.status === 'refunded' || order.status === 'refunding')) {
    timeline.push({
      kind: 'refunded',
      at: order.updatedAt.toISOString(),
      who: SYSTEM_WHO,
      role: null,
      detail: `late payment of ${formatCents(order.totalCents)} ${order.status === 'refunded' ? 'refunded' : 'being refunded'}: ${order.failureReason}`,
    });
  }
  for (const a of activity) {
    if (a === staffMade) continue;
    if (!PARTY_DETAIL_ACTIONS.includes(a.action)) continue;
    timeline.push(activityStep(a.action === 'ticket.cancel' ? 'cancelled' : 'edited', a));
  }
  timeline.push(...disputeTimeline(dispute));
  return inTimeOrder(timeline);
}
