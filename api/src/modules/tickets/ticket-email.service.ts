import { Injectable, Logger, NotFoundException, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import QRCode from 'qrcode';
import { Repository, type EntityManager } from 'typeorm';
import {
  admitsLine,
  formatCents,
  formatTicketCode,
  orderReference,
  uuidToBytes,
  type GuestMeal,
  type SiteConfig,
} from '@festival/contracts';
import { calendarEvent } from '../mail/calendar-event.js';
import { TicketCodes } from '../codes/ticket-codes.js';
import { MailOutbox } from '../mail/mail-outbox.js';
import { MailService, type MailMessage } from '../mail/mail.service.js';
import { SiteService } from '../settings/site.service.js';
import { LATE_PAYMENT_REASONS } from './late-payment-reasons.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { PartyRefundEntity } from './party-refund.entity.js';
import { PartyMeals } from './meals/party-meals.service.js';
import { KeptCardsService } from '../kept-cards/kept-cards.service.js';
import type { PartyOrderItemEntity } from './party-order-item.entity.js';
import { linesOf, namedItems, validLinesOf } from './party-order-lines.js';
import { confirmationHtml, confirmationText, refundText, ticketRefundText } from './ticket-email.templates.js';

/** The calendar file's name, in the e-mail and from `GET /api/party-orders/:orderId/calendar`. */
export const CALENDAR_FILE_NAME = 'diwali-party.ics';

/** One guest's meal as the e-mail lists it: `Guest 1, Asha: Jain (peanuts; no onion)`. */
export function guestMealLine(guest: GuestMeal): string {
  const needs = [guest.allergens.join(', '), guest.note ?? ''].filter(Boolean).join('; ');
  return `Guest ${guest.seat}${guest.name ? `, ${guest.name}` : ''}: ${guest.meal}${needs ? ` (${needs})` : ''}`;
}

/**
 * The ticket code's QR code as an SVG document: the same library and options as the e-mail's
 * PNG (error correction M, a one-module margin), so the same matrix.
 */
export function ticketQrSvg(ticketCode: string): Promise<string> {
  return QRCode.toString(ticketCode, { type: 'svg', margin: 1 });
}

function orderCalendarEvent(
  order: Pick<PartyOrderEntity, 'id' | 'adultTickets' | 'childTickets'>,
  others: readonly PartyOrderItemEntity[],
  { restaurant, party }: Pick<SiteConfig, 'restaurant' | 'party'>,
): string {
  const typed = others.map((line) => `, ${line.quantity} ${line.name}`).join('');
  return calendarEvent({
    uid: `${order.id}@festival`,
    startsAt: party.startsAt,
    endsAt: party.endsAt,
    summary: `${party.name} · ${restaurant.name}`,
    location: `${party.venue.name}, ${party.venue.address}`,
    description: `Order ${orderReference(order.id)}: ${order.adultTickets} adult, ${order.childTickets} child${typed}. ${party.experience}.`,
    organizerName: restaurant.name,
    organizerEmail: restaurant.email,
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
    const { restaurant, party } = await this.site.get();
    const reference = orderReference(order.id);
    const adults = order.adultTickets - order.refundedAdults;
    const children = order.childTickets - order.refundedChildren;
    const whole = order.status === 'refunded' || adults + children + order.extraSeats === 0;
    const items = await namedItems(this.orders.manager, refund);
    const parts = [
      refund.adults > 0 && `${refund.adults} adult`,
      refund.children > 0 && `${refund.children} child`,
      ...items.map((item) => `${item.quantity} ${item.name}`),
    ].filter(Boolean);
    const count = refund.adults + refund.children + items.reduce((sum, item) => sum + item.quantity, 0);
    const tickets = parts.length ? `${parts.join(' and ')} ${count === 1 ? 'ticket' : 'tickets'}` : '';
    const others = validLinesOf(await linesOf(this.orders.manager, order.id));
    return {
      to: order.customerEmail,
      subject: `Refund for your ${party.name} tickets · ${reference}`,
      text: ticketRefundText({
        customerName: order.customerName,
        tickets,
        amount: formatCents(refund.amountCents),
        whole,
        remaining: admitsLine(adults, children, others).replace(/^Admits /, ''),
        partyName: party.name,
        reference,
        restaurantName: restaurant.name,
        phone: restaurant.phone,
      }),
    };
  }

  private async confirmationMessage(order: PartyOrderEntity): Promise<MailMessage> {
    const { restaurant, party } = await this.site.get();
    const reference = orderReference(order.id);
    const ticketCode = this.codes.codeFor(order.id);
    const address = `${restaurant.address.street}, ${restaurant.address.city}, ${restaurant.address.region} ${restaurant.address.postalCode}`;
    const others = await linesOf(this.orders.manager, order.id);
    const lines = [
      order.adultTickets > 0 && {
        label: `Adult tickets × ${order.adultTickets}`,
        amount: formatCents(order.adultTickets * order.adultPriceCents),
      },
      order.childTickets > 0 && {
        label: `Child tickets × ${order.childTickets}`,
        amount: formatCents(order.childTickets * order.childPriceCents),
      },
      ...others.map((line) => ({ label: `${line.name} × ${line.quantity}`, amount: formatCents(line.quantity * line.unitPriceCents) })),
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
      admits: admitsLine(order.adultTickets - order.refundedAdults, order.childTickets - order.refundedChildren, validLinesOf(others)),
      meals: (await this.meals.guestsOf(order)).map(guestMealLine),
      drinksTabLink: await this.keptCards.linkOf(order.id, order.paymentIntentId),
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
          content: orderCalendarEvent(order, others, { restaurant, party }),
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
    const { restaurant, party } = await this.site.get();
    try {
      await this.mail.send({
        to: order.customerEmail,
        subject: `Your payment for ${party.name} has been refunded`,
        text: refundText({
          customerName: order.customerName,
          total: formatCents(order.totalCents),
          reason: order.failureReason ?? LATE_PAYMENT_REASONS.soldOut,
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
