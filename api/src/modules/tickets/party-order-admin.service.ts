import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { maskEmail, orderReference, ticketLines, uuidToBytes, type EditGuestRequest, type PartyOrderDetails } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { TicketRedemptionEntity } from './ticket-redemption.entity.js';
import { PaymentDisputes } from '../payments/payment-disputes.service.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { ConfirmationResendEntity } from './confirmation-resend.entity.js';
import { PARTY_DETAIL_ACTIONS, toPartyOrderDetails } from './party-order-details.mapper.js';
import { linesOf } from './party-order-lines.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { PartyRefundEntity } from './party-refund.entity.js';
import { PartyMeals } from './meals/party-meals.service.js';
import { PARTY_LOCK } from '../settings/party-lock.js';

const NOT_FOUND = 'Order not found';
/** How the activity log names a party order: `Ticket 1A2B3C4D (Asha Raman)`. */
export const ticketObject = (order: PartyOrderEntity): string => `Ticket ${orderReference(order.id)} (${order.customerName})`;

/**
 * The manager's actions on a party order (docs/refunds.md): its details and timeline, cancelling
 * an unpaid one or taking back a comp, and editing the buyer's details. Refunds are PartyRefunds'.
 */
@Injectable()
export class PartyOrderAdmin {
  private readonly logger = new Logger(PartyOrderAdmin.name);

  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    @InjectRepository(PartyRefundEntity) private readonly refunds: Repository<PartyRefundEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly gateway: PaymentGateway,
    private readonly activity: ActivityLog,
    private readonly disputes: PaymentDisputes,
    private readonly meals: PartyMeals,
  ) {}

  /** The order of an id from a URL, or 404. */
  async find(orderId: string): Promise<PartyOrderEntity> {
    const order = uuidToBytes(orderId) ? await this.orders.findOneBy({ id: orderId.toLowerCase() }) : null;
    if (!order) throw new NotFoundException(NOT_FOUND);
    return order;
  }

  /** `Order details`: the buyer, the tickets and price, the refunds, and the timeline. */
  async details(orderId: string): Promise<PartyOrderDetails> {
    const order = await this.find(orderId);
    const manager = this.orders.manager;
    const [refunds, admissions, resends, activity, dispute, guests, lines] = await Promise.all([
      this.refunds.find({ where: { orderId: order.id }, order: { at: 'ASC' } }),
      manager.find(TicketRedemptionEntity, { where: { orderId: order.id, kind: 'entry' }, order: { at: 'ASC' } }),
      manager.find(ConfirmationResendEntity, { where: { orderId: order.id }, order: { at: 'ASC' } }),
      this.activity.forSubject(order.id, PARTY_DETAIL_ACTIONS, manager),
      this.disputes.viewOf(order.paymentIntentId),
      this.meals.guestsOf(order, manager),
      linesOf(manager, order.id),
    ]);
    return toPartyOrderDetails({ order, refunds, admissions, resends, activity, dispute, guests, lines });
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
        subjectId: current.id,
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
      await this.activity.record(manager, actor, {
        action: 'ticket.edit',
        object: ticketObject(current),
        detail: changes.join('; '),
        subjectId: current.id,
      });
    });
    return this.details(order.id);
  }
}
