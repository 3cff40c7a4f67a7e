import { randomUUID } from 'node:crypto';
import {
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Like, Repository, type EntityManager } from 'typeorm';
import {
  formatCents,
  maskEmail,
  orderReference,
  refundShareCents,
  ticketLines,
  uuidToBytes,
  type EditGuestRequest,
  type PartyOrderDetails,
  type PartyOrderTimelineEntry,
  type PartyRefundRequest,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { PeriodicTask } from '../../common/periodic-task.js';
import { TicketRedemptionEntity } from '../checkin/ticket-redemption.entity.js';
import { PaymentDisputes, disputeTimeline } from '../payments/payment-disputes.service.js';
import { PaymentEvents } from '../payments/payment-events.service.js';
import { GatewayUnavailableError, PaymentGateway, RefundRefusedError, type GatewayEvent } from '../payments/payment-gateway.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import { StaffActivityEntity } from '../staff/staff-activity.entity.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { ConfirmationResendEntity } from './confirmation-resend.entity.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { PartyRefundEntity } from './party-refund.entity.js';
import { TicketEmailService } from './ticket-email.service.js';
import { PARTY_LOCK } from './tickets-taken.js';

const NOT_FOUND = 'Order not found';
/** `who` of a refund made at the gateway (Stripe's dashboard) that arrived by webhook. */
export const GATEWAY_WHO = 'Stripe';
const ticketObject = (order: PartyOrderEntity): string => `Ticket ${orderReference(order.id)} (${order.customerName})`;

/** What a refund request found under the lock: the refund row, and whether the gateway is still to be asked. */
interface RefundStep {
  refund: PartyRefundEntity;
  paymentIntentId: string;
}

/** How often, and how long after it was asked for, a refund the gateway did not answer is asked again. */
const REFUND_RETRY_EVERY_MS = 60_000;
const REFUND_RETRY_AFTER_MS = 30_000;

/**
 * The manager's actions on a party order (docs/refunds.md): its details and timeline, refunds of
 * some or all of its tickets through the gateway, cancelling an unpaid one, and editing the
 * buyer's details; and refunds made at the gateway that arrive by webhook.
 *
 * A refund is three steps so that nothing is lost if the process dies between them: a `pending`
 * row under the party lock (which reserves its tickets and cents), the gateway's refund outside
 * any lock (its idempotency key is the row's), then under the lock again the row `succeeded`,
 * the tickets released and the refund e-mail queued, or the row `failed` and nothing changed.
 */
@Injectable()
export class PartyOrderAdmin implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PartyOrderAdmin.name);
  /** Refunds left `pending` by a gateway that did not answer, tried again in the background. */
  private readonly retries = new PeriodicTask('Pending refunds', REFUND_RETRY_EVERY_MS, () => this.retryPendingRefunds(), this.logger);

  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    @InjectRepository(PartyRefundEntity) private readonly refunds: Repository<PartyRefundEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly gateway: PaymentGateway,
    private readonly events: PaymentEvents,
    private readonly email: TicketEmailService,
    private readonly activity: ActivityLog,
    private readonly disputes: PaymentDisputes,
  ) {}

  onModuleInit(): void {
    this.events.on('charge.refunded', (event) => this.onGatewayRefund(event));
  }

  onApplicationBootstrap(): void {
    this.retries.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.retries.stop();
  }

  /**
   * Refunds still `pending` a while after they were asked for: the gateway did not answer (a
   * 503, a timeout), so whether the money went back is unknown. Each is asked again with its own
   * idempotency key (the gateway makes one refund of it however often it is asked) and settled
   * as the staff's request would have been, in their name; one the gateway still does not answer
   * waits for the next pass. Any replica may run it: a refund is settled once (its `pending`
   * row changes under the party lock). Returns how many were settled.
   */
  async retryPendingRefunds(now = new Date()): Promise<number> {
    const due = await this.refunds.find({
      where: { status: 'pending', at: LessThan(new Date(now.getTime() - REFUND_RETRY_AFTER_MS)) },
      order: { at: 'ASC' },
      take: 50,
    });
    let settled = 0;
    for (const refund of due) {
      const order = await this.orders.findOneBy({ id: refund.orderId });
      if (!order?.paymentIntentId) continue;
      const actor: StaffActor = { name: refund.who, role: refund.role ?? 'manager', deviceId: null };
      try {
        await this.completeRefund({ refund, paymentIntentId: order.paymentIntentId }, actor);
      } catch (error) {
        // Still no answer: the next pass. Refused: completeRefund recorded it as failed.
        if (error instanceof GatewayUnavailableError) continue;
        if (!(error instanceof RefundRefusedError)) throw error;
      }
      settled += 1;
    }
    return settled;
  }

  private async find(orderId: string): Promise<PartyOrderEntity> {
    const order = uuidToBytes(orderId) ? await this.orders.findOneBy({ id: orderId.toLowerCase() }) : null;
    if (!order) throw new NotFoundException(NOT_FOUND);
    return order;
  }

  /** `Order details`: the buyer, the tickets and price, the refunds, and the timeline. */
  async details(orderId: string): Promise<PartyOrderDetails> {
    const order = await this.find(orderId);
    const manager = this.orders.manager;
    const reference = orderReference(order.id);
    const [refunds, admissions, resends, actions, dispute] = await Promise.all([
      this.refunds.find({ where: { orderId: order.id }, order: { at: 'ASC' } }),
      manager.find(TicketRedemptionEntity, { where: { orderId: order.id, kind: 'entry' }, order: { at: 'ASC' } }),
      manager.find(ConfirmationResendEntity, { where: { orderId: order.id }, order: { at: 'ASC' } }),
      manager.find(StaffActivityEntity, {
        where: {
          action: In(['ticket.cancel', 'ticket.edit', 'ticket.comp', 'ticket.door-sale']),
          object: Like(`Ticket ${reference} (%`),
        },
        order: { id: 'ASC' },
      }),
      this.disputes.viewOf(order.paymentIntentId),
    ]);
    const staffMade = actions.find((a) => a.action === 'ticket.comp' || a.action === 'ticket.door-sale');
    const open = refunds.filter((r) => r.status !== 'failed');
    const timeline: PartyOrderTimelineEntry[] = [
      {
        kind: 'created',
        at: order.createdAt.toISOString(),
        who: order.requestId ? (staffMade?.who ?? 'Staff') : 'Guest',
        role: order.requestId ? (staffMade?.role ?? null) : null,
        detail: order.comp
          ? `${ticketLines(order.adultTickets, order.childTickets)} added as guests (comp): ${order.compReason ?? ''}`
          : order.paymentMethod === 'cash'
            ? `${ticketLines(order.adultTickets, order.childTickets)} sold at the door`
            : ticketLines(order.adultTickets, order.childTickets),
      },
    ];
    if (order.paidAt && !order.comp) {
      timeline.push({ kind: 'paid', at: order.paidAt.toISOString(), who: 'Guest', role: null, detail: formatCents(order.totalCents) });
    }
    if (order.emailSettledAt && (order.emailStatus === 'sent' || order.emailStatus === 'failed')) {
      timeline.push({
        kind: order.emailStatus === 'sent' ? 'email.sent' : 'email.failed',
        at: order.emailSettledAt.toISOString(),
        who: 'System',
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
      const what = r.adults + r.children > 0 ? `${ticketLines(r.adults, r.children)} refunded, ` : 'refunded ';
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
    for (const a of actions) {
      if (a === staffMade) continue;
      timeline.push({
        kind: a.action === 'ticket.cancel' ? 'cancelled' : 'edited',
        at: a.at.toISOString(),
        who: a.who,
        role: a.role,
        detail: a.detail,
      });
    }
    timeline.push(...disputeTimeline(dispute));
    timeline.sort((a, b) => a.at.localeCompare(b.at));
    return {
      id: order.id,
      reference,
      status: order.status,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
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
        amountCents: r.amountCents,
        status: r.status,
        source: r.source,
        gatewayRefundId: r.gatewayRefundId,
        error: r.error,
        who: r.who,
        at: r.at.toISOString(),
        emailStatus: r.emailStatus,
      })),
      timeline,
    };
  }

  /**
   * `Refund`: some or all of the order's valid tickets, for their share of the total
   * (refundShareCents). The same idempotency key again answers as the first request did and
   * refunds nothing more; a refusal by the gateway is a 502 and changes nothing.
   */
  async refund(orderId: string, request: PartyRefundRequest, actor: StaffActor): Promise<PartyOrderDetails> {
    const order = await this.find(orderId);
    const step = await this.exclusive.run(PARTY_LOCK, (manager) => this.reserveRefund(manager, order.id, request, actor));
    const { refund } = step;
    if (refund.status === 'failed') throw new RefundRefusedError(refund.error ?? 'refused');
    if (refund.status === 'pending') await this.completeRefund(step, actor);
    return this.details(order.id);
  }

  /** Under the party lock: the refund of this key, or a new `pending` one for tickets still valid. */
  private async reserveRefund(
    manager: EntityManager,
    orderId: string,
    request: PartyRefundRequest,
    actor: StaffActor,
  ): Promise<RefundStep> {
    const order = await manager.findOneByOrFail(PartyOrderEntity, { id: orderId });
    const earlier = await manager.findOneBy(PartyRefundEntity, { idempotencyKey: request.idempotencyKey });
    if (earlier) {
      if (earlier.orderId !== orderId) throw new ConflictException('This idempotencyKey was already used for another order');
      return { refund: earlier, paymentIntentId: order.paymentIntentId ?? '' };
    }
    if (order.status === 'refunded' || order.status === 'refunding')
      throw new ConflictException('This order has already been refunded in full');
    if (order.status !== 'paid' || !order.paymentIntentId)
      throw new ConflictException('This order is not paid, so there is nothing to refund');
    const open = await manager.find(PartyRefundEntity, { where: { orderId, status: In(['pending', 'succeeded']) } });
    const before = { adults: open.reduce((s, r) => s + r.adults, 0), children: open.reduce((s, r) => s + r.children, 0) };
    const leftAdults = order.adultTickets - before.adults;
    const leftChildren = order.childTickets - before.children;
    if (request.adults > leftAdults || request.children > leftChildren) {
      throw new ConflictException(
        `Only ${leftAdults} adult and ${leftChildren} child ${leftAdults + leftChildren === 1 ? 'ticket is' : 'tickets are'} left to refund on this order`,
      );
    }
    const centsLeft = order.totalCents - open.reduce((s, r) => s + r.amountCents, 0);
    const last = request.adults === leftAdults && request.children === leftChildren;
    const amountCents = last ? centsLeft : Math.min(centsLeft, refundShareCents(order, before, request));
    const refund = manager.create(PartyRefundEntity, {
      id: randomUUID(),
      orderId,
      adults: request.adults,
      children: request.children,
      amountCents,
      gatewayRefundId: null,
      idempotencyKey: request.idempotencyKey,
      source: 'staff',
      who: actor.name,
      role: actor.role,
      at: new Date(),
      status: 'pending',
      error: null,
      emailStatus: 'none',
      emailAttempts: 0,
      emailNextAttemptAt: null,
      emailLastError: null,
    });
    await manager.insert(PartyRefundEntity, refund);
    return { refund, paymentIntentId: order.paymentIntentId };
  }

  /** The gateway's refund (outside any lock), then its outcome recorded under the party lock. */
  private async completeRefund({ refund, paymentIntentId }: RefundStep, actor: StaffActor): Promise<void> {
    let gatewayRefundId: string | null = null;
    if (refund.amountCents > 0) {
      try {
        gatewayRefundId = (await this.gateway.refundPayment(paymentIntentId, `party-refund-${refund.id}`, refund.amountCents)).id;
      } catch (error) {
        if (error instanceof GatewayUnavailableError) {
          // Unknown whether it went through: the row stays `pending` and the same request again
          // (same idempotency key, so the same gateway refund) settles it.
          this.logger.warn(`Refund ${refund.id} of order ${refund.orderId}: the gateway did not answer: ${String(error)}`);
          throw error;
        }
        const reason = error instanceof RefundRefusedError ? error.message : String(error);
        await this.exclusive.run(PARTY_LOCK, async (manager) => {
          const changed = await manager.update(
            PartyRefundEntity,
            { id: refund.id, status: 'pending' },
            { status: 'failed', error: reason.slice(0, 250) },
          );
          if (changed.affected) {
            const order = await manager.findOneByOrFail(PartyOrderEntity, { id: refund.orderId });
            await this.activity.record(manager, actor, {
              action: 'ticket.refund',
              object: ticketObject(order),
              detail: `refund of ${formatCents(refund.amountCents)} refused by the payment service: ${reason}`,
            });
          }
        });
        throw error instanceof RefundRefusedError ? error : new RefundRefusedError(reason);
      }
    }
    await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const changed = await manager.update(
        PartyRefundEntity,
        { id: refund.id, status: 'pending' },
        { status: 'succeeded', gatewayRefundId, emailStatus: 'pending', emailNextAttemptAt: new Date() },
      );
      if (!changed.affected) return;
      const order = await this.release(manager, refund, gatewayRefundId);
      await this.activity.record(manager, actor, {
        action: 'ticket.refund',
        object: ticketObject(order),
        detail: `${ticketLines(refund.adults, refund.children)} refunded, ${formatCents(refund.amountCents)}${order.status === 'refunded' ? ' (the whole order)' : ''}`,
      });
    });
    this.email.sendSoon();
  }

  /** Releases a succeeded refund's tickets (the order `refunded` once none is left); returns the order as it is now. */
  private async release(manager: EntityManager, refund: PartyRefundEntity, gatewayRefundId: string | null): Promise<PartyOrderEntity> {
    const order = await manager.findOneByOrFail(PartyOrderEntity, { id: refund.orderId });
    order.refundedAdults += refund.adults;
    order.refundedChildren += refund.children;
    order.refundedCents += refund.amountCents;
    const whole = order.validTickets <= 0 || order.refundedCents >= order.totalCents;
    await manager.update(
      PartyOrderEntity,
      { id: order.id },
      {
        refundedAdults: order.refundedAdults,
        refundedChildren: order.refundedChildren,
        refundedCents: order.refundedCents,
        ...(whole ? { status: 'refunded' as const, refundId: gatewayRefundId ?? order.refundId } : {}),
      },
    );
    if (whole) order.status = 'refunded';
    return order;
  }

  /**
   * `charge.refunded`: the cents refunded of a payment in all. What our own refunds (done or
   * under way) do not account for was refunded at the gateway (Stripe's dashboard): a refund of
   * everything left releases the remaining tickets and refunds the order; a smaller one is a
   * refund of money alone, its tickets stay valid (docs/refunds.md). Idempotent.
   */
  private async onGatewayRefund(event: GatewayEvent): Promise<void> {
    if (event.amountRefundedCents === undefined || !event.objectId) return;
    const found = await this.orders.findOneBy({ paymentIntentId: event.objectId });
    if (!found) return;
    const recorded = await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const order = await manager.findOneByOrFail(PartyOrderEntity, { id: found.id });
      // A late payment refunded because the party sold out has no refund rows: nothing to add.
      if (order.status === 'refunding' || (order.status === 'refunded' && !order.refundedCents)) return false;
      if (order.status !== 'paid' && order.status !== 'refunded') return false;
      const open = await manager.find(PartyRefundEntity, { where: { orderId: order.id, status: In(['pending', 'succeeded']) } });
      const known = open.reduce((sum, r) => sum + r.amountCents, 0);
      const extra = Math.min(event.amountRefundedCents!, order.totalCents) - known;
      if (extra <= 0) return false;
      const whole = event.amountRefundedCents! >= order.totalCents;
      const refund = manager.create(PartyRefundEntity, {
        id: randomUUID(),
        orderId: order.id,
        adults: whole ? order.adultTickets - open.reduce((s, r) => s + r.adults, 0) : 0,
        children: whole ? order.childTickets - open.reduce((s, r) => s + r.children, 0) : 0,
        amountCents: extra,
        gatewayRefundId: null,
        idempotencyKey: `evt-${event.id}`.slice(0, 80),
        source: 'gateway',
        who: GATEWAY_WHO,
        role: null,
        at: new Date(),
        status: 'succeeded',
        error: null,
        emailStatus: 'pending',
        emailAttempts: 0,
        emailNextAttemptAt: new Date(),
        emailLastError: null,
      });
      if (await manager.findOneBy(PartyRefundEntity, { idempotencyKey: refund.idempotencyKey })) return false;
      await manager.insert(PartyRefundEntity, refund);
      await this.release(manager, refund, null);
      return true;
    });
    if (recorded) {
      this.logger.warn(`Order ${found.id}: a refund made at the payment service was recorded`);
      this.email.sendSoon();
    }
  }

  /**
   * `Cancel order`: an unpaid order's hold released now and its payment cancelled at the
   * gateway; or `Take back comp`: a comp whose guests have not arrived, its tickets back on sale
   * (its code then answers `Refunded` at the door). Cancelling again changes nothing; a paid
   * order is refunded instead (409).
   */
  async cancel(orderId: string, actor: StaffActor): Promise<PartyOrderDetails> {
    const order = await this.find(orderId);
    const cancelled = await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const current = await manager.findOneByOrFail(PartyOrderEntity, { id: order.id });
      if (current.status === 'cancelled') return false;
      const comp = current.comp && current.status === 'paid';
      if (current.status !== 'pending' && !comp) {
        throw new ConflictException(
          current.status === 'paid'
            ? 'This order is paid: refund it instead of cancelling it'
            : 'This order was refunded, so there is nothing to cancel',
        );
      }
      if (comp && (await manager.countBy(TicketRedemptionEntity, { orderId: current.id, kind: 'entry' })) > 0) {
        throw new ConflictException('These guests have already arrived, so the comp cannot be taken back');
      }
      await manager.update(PartyOrderEntity, { id: current.id, status: current.status }, { status: 'cancelled' });
      const tickets = ticketLines(current.adultTickets, current.childTickets);
      await this.activity.record(manager, actor, {
        action: 'ticket.cancel',
        object: ticketObject(current),
        detail: comp ? `comp taken back, ${tickets} back on sale` : `unpaid order cancelled, ${tickets} back on sale`,
      });
      return true;
    });
    if (cancelled && order.paymentIntentId) {
      try {
        await this.gateway.cancelIntent(order.paymentIntentId, 'payment');
      } catch (error) {
        // The hold is released either way; a payment that still succeeds is a late payment (docs/party-tickets.md).
        this.logger.warn(`Could not cancel the payment of order ${order.id}: ${String(error)}`);
      }
    }
    return this.details(order.id);
  }

  /** `Edit guest details`: the buyer's name, e-mail and phone; the same details again change nothing. */
  async editGuest(orderId: string, request: EditGuestRequest, actor: StaffActor): Promise<PartyOrderDetails> {
    const order = await this.find(orderId);
    const wanted = {
      customerName: request.customerName,
      customerEmail: request.customerEmail.toLowerCase(),
      customerPhone: request.customerPhone,
    };
    await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const current = await manager.findOneByOrFail(PartyOrderEntity, { id: order.id });
      const changes: string[] = [];
      if (current.customerName !== wanted.customerName) changes.push(`name ${current.customerName} → ${wanted.customerName}`);
      if (current.customerEmail !== wanted.customerEmail) {
        changes.push(`e-mail ${maskEmail(current.customerEmail)} → ${maskEmail(wanted.customerEmail)}`);
      }
      if (current.customerPhone !== wanted.customerPhone) changes.push('phone changed');
      if (changes.length === 0) return;
      await manager.update(PartyOrderEntity, { id: current.id }, wanted);
      await this.activity.record(manager, actor, { action: 'ticket.edit', object: ticketObject(current), detail: changes.join('; ') });
    });
    return this.details(order.id);
  }
}
