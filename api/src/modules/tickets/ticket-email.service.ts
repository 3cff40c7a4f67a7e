import { Injectable, Logger, NotFoundException, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import QRCode from 'qrcode';
import { In, IsNull, LessThan, LessThanOrEqual, Repository, type EntityManager } from 'typeorm';
import { admitsLine, formatCents, formatTicketCode, uuidToBytes, type SiteConfig } from '@festival/contracts';
import { PeriodicTask } from '../../common/periodic-task.js';
import { TicketCodes } from '../checkin/ticket-codes.js';
import { MailDeliveryError, MailService } from '../mail/mail.service.js';
import { SiteService } from '../site/site.service.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { PartyRefundEntity } from './party-refund.entity.js';
import {
  confirmationHtml,
  confirmationText,
  orderReference,
  partyCalendarEvent,
  refundText,
  ticketRefundText,
} from './ticket-email.templates.js';

/** The calendar file's name, in the e-mail and from `GET /api/party-orders/:orderId/calendar`. */
export const CALENDAR_FILE_NAME = 'diwali-party.ics';

/**
 * The ticket code's QR code as an SVG document: the same library and options as the e-mail's
 * PNG (error correction M, a one-module margin), so the same matrix.
 */
export function ticketQrSvg(ticketCode: string): Promise<string> {
  return QRCode.toString(ticketCode, { type: 'svg', margin: 1 });
}

function orderCalendarEvent(
  order: Pick<PartyOrderEntity, 'id' | 'adultTickets' | 'childTickets'>,
  { restaurant, party }: Pick<SiteConfig, 'restaurant' | 'party'>,
): string {
  return partyCalendarEvent({
    uid: `${order.id}@festival`,
    startsAt: party.startsAt,
    endsAt: party.endsAt,
    summary: `${party.name} · ${restaurant.name}`,
    location: `${party.venue.name}, ${party.venue.address}`,
    description: `Order ${orderReference(order.id)}: ${order.adultTickets} adult, ${order.childTickets} child. ${party.experience}.`,
    organizerName: restaurant.name,
    organizerEmail: restaurant.email,
  });
}

/** Waits between attempts after a temporary failure; the last one ends in `failed`. */
export const EMAIL_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
const SWEEP_EVERY_MS = 15_000;
/**
 * Waits between attempts to record the outcome of a send while the database is out of reach
 * (about a minute in all): left as "sending", the message would wait for STALE_CLAIM_MS.
 */
const RECORD_RETRY_DELAYS_MS = [250, 500, 1_000, ...Array<number>(29).fill(2_000)];
/** A claim older than this belongs to a sender that died mid-send: the message goes out again. */
const STALE_CLAIM_MS = 10 * 60_000;

/**
 * Sends each paid order's confirmation once, in the background: the order is paid whatever
 * happens here. Each message is claimed with a conditional update (one sender among replicas),
 * retried with backoff on temporary failures, and swept up again after a restart.
 */
@Injectable()
export class TicketEmailService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TicketEmailService.name);
  private readonly task = new PeriodicTask('Confirmation e-mails', SWEEP_EVERY_MS, () => this.sendDue(), this.logger);

  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    @InjectRepository(PartyRefundEntity) private readonly refunds: Repository<PartyRefundEntity>,
    private readonly mail: MailService,
    private readonly site: SiteService,
    private readonly codes: TicketCodes,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start({ now: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Starts a pass over the due messages (or queues one if a pass is running). */
  sendSoon(): void {
    this.task.kick();
  }

  /**
   * Queues the paid order's confirmation again (a resend), inside the caller's transaction: the
   * same message, sent by the same passes, with a fresh set of attempts. A send under way goes
   * on; its outcome no longer changes the order (it records only from `sending`), so the resend
   * still goes out after it. Call `sendSoon` once the transaction has committed.
   */
  async queueAgain(manager: EntityManager, orderId: string, now = new Date()): Promise<void> {
    await manager.update(
      PartyOrderEntity,
      { id: orderId, status: 'paid' },
      { emailStatus: 'pending', emailAttempts: 0, emailNextAttemptAt: now, emailClaimedAt: null, emailLastError: null },
    );
  }

  /** Resolves when no pass is running (tests wait on it). */
  idle(): Promise<void> {
    return this.task.idle();
  }

  private async sendDue(): Promise<void> {
    const now = new Date();
    await this.orders.update(
      { emailStatus: 'sending', emailClaimedAt: LessThan(new Date(now.getTime() - STALE_CLAIM_MS)) },
      { emailStatus: 'pending' },
    );
    const due = await this.orders.find({
      where: [
        { emailStatus: 'pending', emailNextAttemptAt: LessThanOrEqual(now) },
        { emailStatus: 'pending', emailNextAttemptAt: IsNull() },
      ],
      order: { paidAt: 'ASC' },
      take: 50,
    });
    for (const order of due) {
      if (this.task.stopped) return;
      const claimed = await this.orders.update(
        { id: order.id, emailStatus: 'pending', emailAttempts: order.emailAttempts },
        { emailStatus: 'sending', emailClaimedAt: new Date() },
      );
      if (!claimed.affected) continue;
      await this.sendConfirmation(order);
    }
    await this.sendDueRefunds(now);
  }

  /** Refund e-mails (docs/refunds.md): queued with their refund, claimed and retried like confirmations. */
  private async sendDueRefunds(now: Date): Promise<void> {
    // A claim (its time is in emailNextAttemptAt while sending) left by a sender that died mid-send.
    await this.refunds.update(
      { emailStatus: 'sending', emailNextAttemptAt: LessThan(new Date(now.getTime() - STALE_CLAIM_MS)) },
      { emailStatus: 'pending' },
    );
    const due = await this.refunds.find({
      where: [
        { emailStatus: 'pending', emailNextAttemptAt: LessThanOrEqual(now) },
        { emailStatus: 'pending', emailNextAttemptAt: IsNull() },
      ],
      order: { at: 'ASC' },
      take: 50,
    });
    for (const refund of due) {
      if (this.task.stopped) return;
      const claimed = await this.refunds.update(
        { id: refund.id, emailStatus: 'pending', emailAttempts: refund.emailAttempts },
        { emailStatus: 'sending', emailNextAttemptAt: new Date() },
      );
      if (!claimed.affected) continue;
      try {
        const order = await this.orders.findOneByOrFail({ id: refund.orderId });
        await this.mail.send(await this.refundMessage(order, refund));
      } catch (error) {
        const attempts = refund.emailAttempts + 1;
        const giveUp = (error instanceof MailDeliveryError && error.permanent) || attempts > EMAIL_RETRY_DELAYS_MS.length;
        this.logger.warn(`Refund e-mail ${refund.id} of order ${refund.orderId} failed (attempt ${attempts}): ${String(error)}`);
        await this.record(`the failed refund e-mail ${refund.id}`, () =>
          this.refunds.update(
            { id: refund.id, emailStatus: 'sending' },
            {
              emailStatus: giveUp ? 'failed' : 'pending',
              emailAttempts: attempts,
              emailLastError: String(error).slice(0, 250),
              emailNextAttemptAt: giveUp ? null : new Date(Date.now() + EMAIL_RETRY_DELAYS_MS[attempts - 1]),
            },
          ),
        );
        continue;
      }
      await this.record(`the sent refund e-mail ${refund.id}`, () =>
        this.refunds.update({ id: refund.id, emailStatus: 'sending' }, { emailStatus: 'sent', emailLastError: null }),
      );
    }
  }

  private async refundMessage(order: PartyOrderEntity, refund: PartyRefundEntity) {
    const { restaurant, party } = await this.site.get();
    const reference = orderReference(order.id);
    const adults = order.adultTickets - order.refundedAdults;
    const children = order.childTickets - order.refundedChildren;
    const whole = order.status === 'refunded' || adults + children === 0;
    const parts = [refund.adults > 0 && `${refund.adults} adult`, refund.children > 0 && `${refund.children} child`].filter(Boolean);
    const tickets = parts.length ? `${parts.join(' and ')} ${refund.adults + refund.children === 1 ? 'ticket' : 'tickets'}` : '';
    return {
      to: order.customerEmail,
      subject: `Refund for your ${party.name} tickets · ${reference}`,
      text: ticketRefundText({
        customerName: order.customerName,
        tickets,
        amount: formatCents(refund.amountCents),
        whole,
        remaining: admitsLine(adults, children).replace(/^Admits /, ''),
        partyName: party.name,
        reference,
        restaurantName: restaurant.name,
        phone: restaurant.phone,
      }),
    };
  }

  private async sendConfirmation(order: PartyOrderEntity): Promise<void> {
    try {
      await this.mail.send(await this.confirmationMessage(order));
    } catch (error) {
      const attempts = order.emailAttempts + 1;
      const permanent = error instanceof MailDeliveryError && error.permanent;
      const giveUp = permanent || attempts > EMAIL_RETRY_DELAYS_MS.length;
      this.logger.warn(`Confirmation e-mail of order ${order.id} failed (attempt ${attempts}): ${String(error)}`);
      await this.record(`the failed attempt of order ${order.id}`, () =>
        this.orders.update(
          { id: order.id, emailStatus: In(['sending']) },
          {
            emailStatus: giveUp ? 'failed' : 'pending',
            emailAttempts: attempts,
            emailLastError: String(error).slice(0, 250),
            emailNextAttemptAt: giveUp ? null : new Date(Date.now() + EMAIL_RETRY_DELAYS_MS[attempts - 1]),
            emailSettledAt: giveUp ? new Date() : null,
          },
        ),
      );
      return;
    }
    // Sent: recording it must not fail into the branch above, which would send it again.
    await this.record(`the sent e-mail of order ${order.id}`, () =>
      this.orders.update(
        { id: order.id, emailStatus: 'sending' },
        { emailStatus: 'sent', emailLastError: null, emailSettledAt: new Date() },
      ),
    );
  }

  /**
   * Writes the outcome of a send, trying again while the database is out of reach (the send
   * itself already happened and is not repeated).
   */
  private async record(what: string, write: () => Promise<unknown>): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await write();
        return;
      } catch (error) {
        const delay = RECORD_RETRY_DELAYS_MS[attempt];
        if (delay === undefined || this.task.stopped) {
          this.logger.error(`Could not record ${what}: ${String(error)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async confirmationMessage(order: PartyOrderEntity) {
    const { restaurant, party } = await this.site.get();
    const reference = orderReference(order.id);
    const ticketCode = this.codes.codeFor(order.id);
    const address = `${restaurant.address.street}, ${restaurant.address.city}, ${restaurant.address.region} ${restaurant.address.postalCode}`;
    const lines = [
      order.adultTickets > 0 && {
        label: `Adult tickets × ${order.adultTickets}`,
        amount: formatCents(order.adultTickets * order.adultPriceCents),
      },
      order.childTickets > 0 && {
        label: `Child tickets × ${order.childTickets}`,
        amount: formatCents(order.childTickets * order.childPriceCents),
      },
      order.groupDiscountCents > 0 && {
        label: `Group discount (${order.groupDiscountPercent}%)`,
        amount: `-${formatCents(order.groupDiscountCents)}`,
      },
      order.promoDiscountCents > 0 && {
        label: `Promo code ${order.promoCode ?? ''} (${order.promoDiscountPercent}%)`,
        amount: `-${formatCents(order.promoDiscountCents)}`,
      },
      { label: 'Tax (9.38%)', amount: formatCents(order.taxCents) },
    ].filter((l): l is { label: string; amount: string } => Boolean(l));
    const view = {
      restaurantName: restaurant.name,
      partyName: party.name,
      reference,
      dateLabel: party.dateLabel,
      timeLabel: party.timeLabel,
      venueName: party.venue.name,
      venueAddress: party.venue.address,
      experience: party.experience,
      lines,
      // A comp (docs/door.md) says why it is $0.
      total: order.comp ? `${formatCents(0)} (complimentary)` : formatCents(order.totalCents),
      phone: restaurant.phone,
      email: restaurant.email,
      address,
      ticketCode: formatTicketCode(ticketCode),
      // Who the ticket admits now: a partly refunded order admits only its remaining guests.
      admits: admitsLine(order.adultTickets - order.refundedAdults, order.childTickets - order.refundedChildren),
    };
    // The signed ticket code the door scans (docs/door.md); upper-case base32 fits the QR's
    // compact alphanumeric mode.
    const qr = await QRCode.toBuffer(ticketCode, { type: 'png', width: 360, margin: 1 });
    return {
      to: order.customerEmail,
      subject: `Your tickets for ${party.name} · ${reference}`,
      text: confirmationText(view),
      html: confirmationHtml(view),
      attachments: [
        { filename: `ticket-${reference}.png`, content: qr, contentType: 'image/png', cid: 'ticket-qr' },
        {
          filename: CALENDAR_FILE_NAME,
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: orderCalendarEvent(order, { restaurant, party }),
        },
      ],
    };
  }

  /**
   * A paid order's calendar event, the same as its e-mail's attachment (its UID is the order's,
   * so adding it from the page and from the e-mail gives one event); 404 for any other id.
   */
  async calendarOfPaidOrder(orderId: string): Promise<string> {
    const order = uuidToBytes(orderId) ? await this.orders.findOneBy({ id: orderId.toLowerCase(), status: 'paid' }) : null;
    if (!order) throw new NotFoundException('No paid ticket order with this id');
    return orderCalendarEvent(order, await this.site.get());
  }

  /** Tells a buyer whose late payment was refunded; a failure here is logged, the refund stands. */
  async sendSoldOutRefund(order: PartyOrderEntity): Promise<void> {
    const { restaurant, party } = await this.site.get();
    try {
      await this.mail.send({
        to: order.customerEmail,
        subject: `Your payment for ${party.name} has been refunded`,
        text: refundText({
          customerName: order.customerName,
          total: formatCents(order.totalCents),
          partyName: party.name,
          reference: orderReference(order.id),
          restaurantName: restaurant.name,
          phone: restaurant.phone,
        }),
      });
    } catch (error) {
      this.logger.error(`Refund e-mail of order ${order.id} failed: ${String(error)}`);
    }
  }
}
