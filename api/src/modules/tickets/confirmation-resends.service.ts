import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import {
  CONFIRMATION_RESENDS_PER_HOUR,
  maskEmail,
  orderReference,
  uuidToBytes,
  type ResendConfirmationResponse,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { ConfirmationResendEntity } from './confirmation-resend.entity.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { holdsPaymentSecret, paymentLookup } from '../payments/order-lifecycle/payment-secret.js';
import { TicketEmailService } from './ticket-email.service.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

/**
 * The lock of every resend: the guests' limit is read and the resend recorded in one exclusive
 * transaction (a row lock on MySQL, across replicas), so resends asked for at the same moment
 * cannot together pass it.
 */
export const RESEND_LOCK = 'confirmation_resends';
/** `who` of a resend the guest asked for. */
export const GUEST_WHO = 'Guest';
const HOUR_MS = 60 * 60_000;
const NOT_FOUND = 'Order not found';

/** A 429 that tells the caller when to ask again. */
class TooManyResends extends HttpException {
  readonly headers: Record<string, string>;

  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      `Your tickets have already been e-mailed again ${CONFIRMATION_RESENDS_PER_HOUR} times in the last hour. ` +
        `Please check your spam folder, or try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/**
 * `E-mail my tickets again`: a paid order's confirmation e-mail (with its ticket code's QR)
 * queued again through the same sender as the first one (TicketEmailService). The guest proves
 * the order is theirs with the payment's client secret, and may ask CONFIRMATION_RESENDS_PER_HOUR
 * times in any hour; the manager's resends count towards that, are never refused, and are on
 * the activity log. Every resend is a row of `confirmation_resends`, so the limit holds across
 * API replicas and restarts.
 */
@Injectable()
export class ConfirmationResends {
  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    private readonly gateway: PaymentGateway,
    private readonly exclusive: ExclusiveSection,
    private readonly email: TicketEmailService,
    private readonly activity: ActivityLog,
  ) {}

  /** The guest's resend: 404 unless `clientSecret` is the order's payment's (no hint which). */
  async forGuest(orderId: string, clientSecret: string): Promise<ResendConfirmationResponse> {
    const order = await this.find(orderId);
    if (!order || !(await holdsPaymentSecret(order, clientSecret, paymentLookup(this.gateway, order.paymentIntentId)))) {
      throw new NotFoundException(NOT_FOUND);
    }
    const resendsLeft = await this.resend(order, null);
    return { sentTo: maskEmail(order.customerEmail), resendsLeft };
  }

  /**
   * The resend of a guest signed in on My tickets (docs/guest-account.md): their session
   * proves the e-mail address, so only an order bought with it is theirs (404 otherwise). The
   * same limit as the guests' other resends.
   */
  async forSignedInGuest(orderId: string, email: string): Promise<ResendConfirmationResponse> {
    const order = await this.find(orderId);
    if (!order || order.customerEmail.toLowerCase() !== email) throw new NotFoundException(NOT_FOUND);
    const resendsLeft = await this.resend(order, null);
    return { sentTo: maskEmail(order.customerEmail), resendsLeft };
  }

  /**
   * The manager's resend, on the activity log: to the order's address, or to a corrected one
   * (`email`), which becomes the order's in the same transaction.
   */
  async forStaff(orderId: string, actor: StaffActor, email?: string): Promise<ResendConfirmationResponse> {
    const order = await this.find(orderId);
    if (!order) throw new NotFoundException(NOT_FOUND);
    const corrected = email?.toLowerCase();
    const resendsLeft = await this.resend(order, actor, corrected);
    return { sentTo: corrected ?? order.customerEmail, resendsLeft };
  }

  private async find(orderId: string): Promise<PartyOrderEntity | null> {
    return uuidToBytes(orderId) ? this.orders.findOneBy({ id: orderId.toLowerCase() }) : null;
  }

  /** Records the resend and queues the e-mail; returns the guests' resends left this hour. */
  private async resend(order: PartyOrderEntity, actor: StaffActor | null, correctedEmail?: string): Promise<number> {
    const now = new Date();
    const left = await this.exclusive.run(RESEND_LOCK, async (manager) => {
      const current = await manager.findOneByOrFail(PartyOrderEntity, { id: order.id });
      if (current.status !== 'paid') {
        throw new GuestRefusal(
          HttpStatus.CONFLICT,
          current.status === 'refunding' || current.status === 'refunded' ? GUEST_REFUSALS.resendRefunded : GUEST_REFUSALS.resendUnpaid,
        );
      }
      const recent = await manager.find(ConfirmationResendEntity, {
        where: { orderId: order.id, at: MoreThan(new Date(now.getTime() - HOUR_MS)) },
        order: { at: 'ASC' },
      });
      if (!actor && recent.length >= CONFIRMATION_RESENDS_PER_HOUR) {
        // Free again when the resend that makes the count the limit leaves the hour.
        const freedAt = recent[recent.length - CONFIRMATION_RESENDS_PER_HOUR].at.getTime() + HOUR_MS;
        throw new TooManyResends(Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)));
      }
      await manager.insert(ConfirmationResendEntity, {
        orderId: order.id,
        at: now,
        who: actor?.name ?? GUEST_WHO,
        role: actor?.role ?? null,
      });
      const previousEmail = current.customerEmail;
      const corrected = actor && correctedEmail && correctedEmail !== previousEmail ? correctedEmail : null;
      if (corrected) {
        await manager.update(PartyOrderEntity, { id: order.id }, { customerEmail: corrected });
        current.customerEmail = corrected;
      }
      await this.email.queueAgain(manager, order.id, now);
      if (actor) {
        await this.activity.record(
          manager,
          actor,
          {
            action: 'ticket.resend',
            object: `Ticket ${orderReference(order.id)} (${current.customerName})`,
            detail: corrected
              ? `confirmation e-mailed again to a corrected address, ${maskEmail(previousEmail)} → ${maskEmail(corrected)}`
              : `confirmation e-mailed again to ${maskEmail(current.customerEmail)}`,
            subjectId: order.id,
          },
          now,
        );
      }
      return Math.max(0, CONFIRMATION_RESENDS_PER_HOUR - recent.length - 1);
    });
    this.email.sendSoon();
    return left;
  }
}
