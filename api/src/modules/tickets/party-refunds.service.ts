import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Repository, type EntityManager } from 'typeorm';
import { formatCents, refundShareCents, ticketLines, type PartyOrderDetails, type PartyRefundRequest } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { PeriodicTask } from '../../common/periodic-task.js';
import { GatewayRefundSync, type GatewayRefundKind } from '../payments/order-lifecycle/gateway-refund-sync.js';
import { StaffRefunds, type RefundSettlement, type ReservedRefund } from '../payments/order-lifecycle/staff-refunds.js';
import { GatewayUnavailableError, RefundRefusedError } from '../payments/payment-gateway.js';
import { MailOutbox } from '../mail/mail-outbox.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PartyOrderAdmin, ticketObject } from './party-order-admin.service.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { PartyRefundEntity } from './party-refund.entity.js';
import { TicketEmailService } from './ticket-email.service.js';
import { admittedCounts } from './ticket-redemptions.js';
import { itemsLeft, linesOf, namedItems, refundedByType, releaseLines } from './party-order-lines.js';
import { PARTY_LOCK } from '../settings/party-lock.js';

/** `who` of a refund made at the gateway (Stripe's dashboard) that arrived by webhook. */
export const GATEWAY_WHO = 'Stripe';

/** What a refund request found under the lock: the refund row, and whether the gateway is still to be asked. */
interface RefundStep {
  refund: PartyRefundEntity;
  paymentIntentId: string;
}

/** How often, and how long after it was asked for, a refund the gateway did not answer is asked again. */
const REFUND_RETRY_EVERY_MS = 60_000;
const REFUND_RETRY_AFTER_MS = 30_000;

/**
 * Refunds of party orders (docs/refunds.md): the manager's refund of some or all of an order's
 * tickets through the gateway, the background retry of refunds the gateway did not answer, and
 * refunds made at the gateway that arrive by webhook.
 *
 * A refund is three steps so that nothing is lost if the process dies between them: a `pending`
 * row under the party lock (which reserves its tickets and cents), the gateway's refund outside
 * any lock (its idempotency key is the row's), then under the lock again the row `succeeded`,
 * the tickets released and the refund e-mail queued, or the row `failed` and nothing changed.
 */
@Injectable()
export class PartyRefunds implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PartyRefunds.name);
  /** Refunds left `pending` by a gateway that did not answer, tried again in the background. */
  private readonly retries = new PeriodicTask('Pending refunds', REFUND_RETRY_EVERY_MS, () => this.retryPendingRefunds(), this.logger);

  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    @InjectRepository(PartyRefundEntity) private readonly refunds: Repository<PartyRefundEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly refundSync: GatewayRefundSync,
    private readonly staffRefunds: StaffRefunds,
    private readonly email: TicketEmailService,
    private readonly activity: ActivityLog,
    private readonly admin: PartyOrderAdmin,
  ) {}

  onModuleInit(): void {
    this.refundSync.register(this.gatewayRefunds);
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

  /**
   * `Refund`: some or all of the order's valid tickets, for their share of the total
   * (refundShareCents). The same idempotency key again answers as the first request did and
   * refunds nothing more; a refusal by the gateway is a 502 and changes nothing.
   */
  async refund(orderId: string, request: PartyRefundRequest, actor: StaffActor): Promise<PartyOrderDetails> {
    const order = await this.admin.find(orderId);
    const step = await this.exclusive.run(PARTY_LOCK, (manager) => this.reserveRefund(manager, order.id, request, actor));
    const { refund } = step;
    if (refund.status === 'failed') throw new RefundRefusedError(refund.error ?? 'refused');
    if (refund.status === 'pending') await this.completeRefund(step, actor);
    return this.admin.details(order.id);
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
    const refundedItems = refundedByType(open);
    const before = {
      adults: open.reduce((s, r) => s + r.adults, 0),
      children: open.reduce((s, r) => s + r.children, 0),
      items: [...refundedItems].map(([typeId, quantity]) => ({ typeId, quantity })),
    };
    const leftAdults = order.adultTickets - before.adults;
    const leftChildren = order.childTickets - before.children;
    if (request.adults > leftAdults || request.children > leftChildren) {
      throw new ConflictException(
        `Only ${leftAdults} adult and ${leftChildren} child ${leftAdults + leftChildren === 1 ? 'ticket is' : 'tickets are'} left to refund on this order`,
      );
    }
    // Tickets of the order's other types (docs/ticket-types.md), each admitting its seats.
    const lines = await linesOf(manager, orderId);
    const left = itemsLeft(lines, refundedItems);
    let seatsLeft = leftAdults + leftChildren;
    let seatsAsked = request.adults + request.children;
    for (const line of lines) seatsLeft += (left.find((item) => item.typeId === line.typeId)?.quantity ?? 0) * line.seats;
    for (const item of request.items ?? []) {
      const line = lines.find((candidate) => candidate.typeId === item.typeId);
      if (!line) throw new BadRequestException(`This order has no tickets of type ${item.typeId}`);
      const leftOfType = left.find((candidate) => candidate.typeId === item.typeId)?.quantity ?? 0;
      if (item.quantity > leftOfType) {
        throw new ConflictException(
          `Only ${leftOfType} ${line.name} ${leftOfType === 1 ? 'ticket is' : 'tickets are'} left to refund on this order`,
        );
      }
      seatsAsked += item.quantity * line.seats;
    }
    // Guests already inside keep their seats: a refund never puts an admitted guest's ticket back on sale.
    const admitted = (await admittedCounts(manager, [orderId])).get(orderId) ?? 0;
    const refundable = seatsLeft - admitted;
    if (seatsAsked > refundable) {
      throw new ConflictException(
        `${admitted} ${admitted === 1 ? 'guest of this order is' : 'guests of this order are'} already inside: ` +
          (refundable > 0
            ? `at most ${refundable} ${refundable === 1 ? 'ticket' : 'tickets'} can be refunded`
            : 'no ticket can be refunded'),
      );
    }
    const centsLeft = order.totalCents - open.reduce((s, r) => s + r.amountCents, 0);
    const last =
      request.adults === leftAdults &&
      request.children === leftChildren &&
      left.every((item) => request.items?.find((asked) => asked.typeId === item.typeId)?.quantity === item.quantity);
    const prices = { ...order, lines: lines.map((line) => ({ typeId: line.typeId, unitPriceCents: line.unitPriceCents })) };
    const amountCents = last ? centsLeft : Math.min(centsLeft, refundShareCents(prices, before, request));
    const refund = manager.create(PartyRefundEntity, {
      id: randomUUID(),
      orderId,
      adults: request.adults,
      children: request.children,
      items: request.items ?? [],
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
      emailClaimedAt: null,
      emailLastError: null,
    });
    await manager.insert(PartyRefundEntity, refund);
    return { refund, paymentIntentId: order.paymentIntentId };
  }

  /**
   * The gateway's refund of a `pending` refund row (outside any lock, its key the row's), then
   * under the party lock the row `succeeded`, its tickets released and its e-mail queued, or the
   * row `failed` and nothing changed (the one staff-refund flow, payments/order-lifecycle).
   */
  private async completeRefund({ refund, paymentIntentId }: RefundStep, actor: StaffActor): Promise<void> {
    await this.staffRefunds.settle(this.refundSteps(actor), {
      what: `refund ${refund.id} of order ${refund.orderId}`,
      paymentIntentId,
      idempotencyKey: `party-refund-${refund.id}`,
      amountCents: refund.amountCents,
      refund,
    });
    this.email.sendSoon();
  }

  /** How a refund row is settled; rows are reserved by reserveRefund (its answer depends on the row's state). */
  private refundSteps(actor: StaffActor): RefundSettlement<ReservedRefund & { refund: PartyRefundEntity }> {
    return {
      lock: PARTY_LOCK,
      kind: 'party',
      refused: async (manager, { refund }, reason) => {
        const changed = await manager.update(
          PartyRefundEntity,
          { id: refund.id, status: 'pending' },
          { status: 'failed', error: reason.slice(0, 250) },
        );
        if (!changed.affected) return;
        const order = await manager.findOneByOrFail(PartyOrderEntity, { id: refund.orderId });
        await this.activity.record(manager, actor, {
          action: 'ticket.refund',
          object: ticketObject(order),
          subjectId: order.id,
          detail: `refund of ${formatCents(refund.amountCents)} refused by the payment service: ${reason}`,
        });
      },
      succeeded: async (manager, { refund }, gatewayRefundId) => {
        const changed = await manager.update(
          PartyRefundEntity,
          { id: refund.id, status: 'pending' },
          { status: 'succeeded', gatewayRefundId, ...MailOutbox.queuedNow() },
        );
        if (!changed.affected) return;
        const order = await this.release(manager, refund, gatewayRefundId);
        await this.activity.record(manager, actor, {
          action: 'ticket.refund',
          object: ticketObject(order),
          subjectId: order.id,
          detail: `${ticketLines(refund.adults, refund.children, await namedItems(manager, refund))} refunded, ${formatCents(refund.amountCents)}${order.status === 'refunded' ? ' (the whole order)' : ''}`,
        });
      },
    };
  }

  /** Releases a succeeded refund's tickets (the order `refunded` once none is left); returns the order as it is now. */
  private async release(manager: EntityManager, refund: PartyRefundEntity, gatewayRefundId: string | null): Promise<PartyOrderEntity> {
    const order = await manager.findOneByOrFail(PartyOrderEntity, { id: refund.orderId });
    order.refundedAdults += refund.adults;
    order.refundedChildren += refund.children;
    order.refundedCents += refund.amountCents;
    order.extraSeats -= await releaseLines(manager, order.id, refund.items);
    const whole = order.validTickets <= 0 || order.refundedCents >= order.totalCents;
    await manager.update(
      PartyOrderEntity,
      { id: order.id },
      {
        refundedAdults: order.refundedAdults,
        refundedChildren: order.refundedChildren,
        refundedCents: order.refundedCents,
        extraSeats: order.extraSeats,
        ...(whole ? { status: 'refunded' as const, refundId: gatewayRefundId ?? order.refundId } : {}),
      },
    );
    if (whole) order.status = 'refunded';
    return order;
  }

  /**
   * Refunds made at the gateway (Stripe's dashboard), as the one recording of them asks: what our
   * own refunds (done or under way) do not account for is a refund row of source `gateway`; a
   * refund of everything left releases the remaining tickets and refunds the order, a smaller one
   * is a refund of money alone, its tickets stay valid (docs/refunds.md). Its e-mail is queued.
   */
  private readonly gatewayRefunds: GatewayRefundKind<PartyOrderEntity> = {
    label: 'Order',
    lock: PARTY_LOCK,
    entity: PartyOrderEntity,
    paymentColumn: 'paymentIntentId',
    paidCents: (order) => order.totalCents,
    accountedCents: async (manager, order) => {
      // A late payment refunded because the party sold out has no refund rows: nothing to add.
      if (order.status === 'refunding' || (order.status === 'refunded' && !order.refundedCents)) return null;
      if (order.status !== 'paid' && order.status !== 'refunded') return null;
      const open = await manager.find(PartyRefundEntity, { where: { orderId: order.id, status: In(['pending', 'succeeded']) } });
      return open.reduce((sum, r) => sum + r.amountCents, 0);
    },
    record: async (manager, order, { refundedCents, extraCents, event }) => {
      const open = await manager.find(PartyRefundEntity, { where: { orderId: order.id, status: In(['pending', 'succeeded']) } });
      const whole = refundedCents >= order.totalCents;
      const refund = manager.create(PartyRefundEntity, {
        id: randomUUID(),
        orderId: order.id,
        adults: whole ? order.adultTickets - open.reduce((s, r) => s + r.adults, 0) : 0,
        children: whole ? order.childTickets - open.reduce((s, r) => s + r.children, 0) : 0,
        items: whole ? itemsLeft(await linesOf(manager, order.id), refundedByType(open)) : [],
        amountCents: extraCents,
        gatewayRefundId: null,
        idempotencyKey: `evt-${event.id}`.slice(0, 80),
        source: 'gateway',
        who: GATEWAY_WHO,
        role: null,
        at: new Date(),
        status: 'succeeded',
        error: null,
        ...MailOutbox.queuedNow(),
      });
      if (await manager.findOneBy(PartyRefundEntity, { idempotencyKey: refund.idempotencyKey })) return false;
      await manager.insert(PartyRefundEntity, refund);
      await this.release(manager, refund, null);
      return true;
    },
    recorded: async () => this.email.sendSoon(),
  };
}
