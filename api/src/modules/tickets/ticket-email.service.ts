import { Injectable, Logger, NotFoundException, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import QRCode from 'qrcode';
import { Repository, type EntityManager } from 'typeorm';
import { formatTicketCode, orderReference, uuidToBytes, type SiteConfig } from '@festival/contracts';
import { TicketCodes } from '../codes/ticket-codes.js';
import { guestLanguage } from '../../common/guest-language.js';
import { MailOutbox } from '../mail/mail-outbox.js';
import { MailService, type MailMessage } from '../mail/mail.service.js';
import { SiteService } from '../settings/site.service.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { PartyRefundEntity } from './party-refund.entity.js';
import { PartyMeals } from './meals/party-meals.service.js';
import { KeptCardsService } from '../kept-cards/kept-cards.service.js';
import type { PartyOrderItemEntity } from './party-order-item.entity.js';
import { linesOf, namedItems, validLinesOf } from './party-order-lines.js';
import { confirmationEmail, lateRefundEmail, partyCalendarEvent, ticketRefundEmail } from './ticket-email.templates.js';

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
  order: Pick<PartyOrderEntity, 'id' | 'adultTickets' | 'childTickets' | 'language'>,
  others: readonly PartyOrderItemEntity[],
  site: Pick<SiteConfig, 'restaurant' | 'party'>,
): string {
  return partyCalendarEvent(guestLanguage(order.language), {
    orderId: order.id,
    reference: orderReference(order.id),
    adultTickets: order.adultTickets,
    childTickets: order.childTickets,
    others,
    site,
  });
}

/**
 * The party's e-mails: each paid order's confirmation (with its ticket code, QR code and
 * calendar file) and each refund's notice, sent once in the background through the one mail
 * outbox (two queues: the orders and the refunds); the order is paid, and the refund made,
 * whatever happens here.
 */
@Injectable()
export class TicketEmailService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TicketEmailService.name);
  private readonly confirmations: MailOutbox<PartyOrderEntity>;
  private readonly refundNotices: MailOutbox<PartyRefundEntity>;

  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    @InjectRepository(PartyRefundEntity) refunds: Repository<PartyRefundEntity>,
    private readonly mail: MailService,
    private readonly site: SiteService,
    private readonly codes: TicketCodes,
    private readonly meals: PartyMeals,
    private readonly keptCards: KeptCardsService,
  ) {
    this.confirmations = new MailOutbox({
      name: 'Confirmation e-mails',
      rows: orders,
      order: { paidAt: 'ASC' },
      message: (order) => this.confirmationMessage(order),
      mail,
      logger: this.logger,
      stampsSettledAt: true,
    });
    this.refundNotices = new MailOutbox({
      name: 'Refund e-mails',
      rows: refunds,
      order: { at: 'ASC' },
      message: async (refund) => this.refundMessage(await this.orders.findOneByOrFail({ id: refund.orderId }), refund),
      mail,
      logger: this.logger,
    });
  }

  onApplicationBootstrap(): void {
    this.confirmations.start();
    this.refundNotices.start();
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.confirmations.stop(), this.refundNotices.stop()]);
  }

  /** Starts a pass over the due messages (or queues one if a pass is running). */
  sendSoon(): void {
    this.confirmations.sendSoon();
    this.refundNotices.sendSoon();
  }

  /**
   * Queues the paid order's confirmation again (a resend), inside the caller's transaction: the
   * same message, sent by the same passes, with a fresh set of attempts. A send under way goes
   * on; its outcome no longer changes the order (it records only from `sending`), so the resend
   * still goes out after it. Call `sendSoon` once the transaction has committed.
   */
  async queueAgain(manager: EntityManager, orderId: string, now = new Date()): Promise<void> {
    await manager.update(PartyOrderEntity, { id: orderId, status: 'paid' }, MailOutbox.queuedNow(now));
  }

  /** Resolves when no pass is running (tests wait on it). */
  async idle(): Promise<void> {
    await Promise.all([this.confirmations.idle(), this.refundNotices.idle()]);
  }

  private async refundMessage(order: PartyOrderEntity, refund: PartyRefundEntity): Promise<MailMessage> {
    const site = await this.site.get();
    const adults = order.adultTickets - order.refundedAdults;
    const children = order.childTickets - order.refundedChildren;
    const items = await namedItems(this.orders.manager, refund);
    return {
      to: order.customerEmail,
      ...ticketRefundEmail(guestLanguage(order.language), {
        site,
        customerName: order.customerName,
        reference: orderReference(order.id),
        amountCents: refund.amountCents,
        refunded: { adults: refund.adults, children: refund.children, others: items },
        whole: order.status === 'refunded' || adults + children + order.extraSeats === 0,
        remaining: { adults, children, others: validLinesOf(await linesOf(this.orders.manager, order.id)) },
      }),
    };
  }

  private async confirmationMessage(order: PartyOrderEntity): Promise<MailMessage> {
    const site = await this.site.get();
    const reference = orderReference(order.id);
    const ticketCode = this.codes.codeFor(order.id);
    const others = await linesOf(this.orders.manager, order.id);
    const email = confirmationEmail(guestLanguage(order.language), {
      site,
      reference,
      order,
      others,
      meals: await this.meals.guestsOf(order),
      ticketCode: formatTicketCode(ticketCode),
      drinksTabLink: await this.keptCards.linkOf(order.id, order.paymentIntentId),
    });
    // The signed ticket code the door scans (docs/door.md); upper-case base32 fits the QR's
    // compact alphanumeric mode.
    const qr = await QRCode.toBuffer(ticketCode, { type: 'png', width: 360, margin: 1 });
    return {
      to: order.customerEmail,
      ...email,
      attachments: [
        { filename: `ticket-${reference}.png`, content: qr, contentType: 'image/png', cid: 'ticket-qr' },
        {
          filename: CALENDAR_FILE_NAME,
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: orderCalendarEvent(order, others, site),
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
    return orderCalendarEvent(order, await linesOf(this.orders.manager, order.id), await this.site.get());
  }

  /**
   * Tells a buyer whose late payment was refunded, and why (the order's `failureReason`); a
   * failure here is logged, the refund stands.
   */
  async sendLatePaymentRefund(order: PartyOrderEntity): Promise<void> {
    const site = await this.site.get();
    try {
      await this.mail.send({
        to: order.customerEmail,
        ...lateRefundEmail(guestLanguage(order.language), {
          site,
          customerName: order.customerName,
          totalCents: order.totalCents,
          reason: order.failureReason,
          reference: orderReference(order.id),
        }),
      });
    } catch (error) {
      this.logger.error(`Refund e-mail of order ${order.id} failed: ${String(error)}`);
    }
  }
}
