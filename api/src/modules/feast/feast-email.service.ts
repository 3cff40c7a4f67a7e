import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import QRCode from 'qrcode';
import { Repository } from 'typeorm';
import { formatTicketCode, orderReference, PICKUP_CODE_DOMAIN, zonedWallTimeToIso, type FeastOrderLine } from '@festival/contracts';
import { TicketCodes } from '../codes/ticket-codes.js';
import { guestLanguage } from '../../common/guest-language.js';
import { MailOutbox } from '../mail/mail-outbox.js';
import { MailService, type MailMessage } from '../mail/mail.service.js';
import { FeastOrderEntity } from './feast-order.entity.js';
import { SiteService } from '../settings/site.service.js';
import { FeastPickupSlotEntity } from './feast-pickup-slot.entity.js';
import { pickupCalendarEvent, pickupConfirmationEmail, pickupRefundEmail } from './feast-email.templates.js';

/** How long a pickup time's calendar event lasts. */
const PICKUP_MINUTES = 30;

/**
 * The pre-order confirmation (pickup date, time and address, the items, the total, the signed
 * pickup code as a QR code and an `.ics` of the pickup time), sent once in the background.
 */
@Injectable()
export class FeastEmailService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(FeastEmailService.name);
  private readonly outbox: MailOutbox<FeastOrderEntity>;

  constructor(
    @InjectRepository(FeastOrderEntity) private readonly orders: Repository<FeastOrderEntity>,
    private readonly mail: MailService,
    private readonly site: SiteService,
    private readonly codes: TicketCodes,
  ) {
    this.outbox = new MailOutbox({
      name: 'Pre-order e-mails',
      rows: orders,
      order: { paidAt: 'ASC' },
      message: (order) => this.confirmation(order),
      mail,
      logger: this.logger,
    });
  }

  onApplicationBootstrap(): void {
    this.outbox.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.outbox.stop();
  }

  sendSoon(): void {
    this.outbox.sendSoon();
  }

  /** Resolves when no pass is running (tests wait on it). */
  idle(): Promise<void> {
    return this.outbox.idle();
  }

  private async confirmation(order: FeastOrderEntity): Promise<MailMessage> {
    const { restaurant, party } = await this.site.get();
    const mail = guestLanguage(order.language);
    const reference = orderReference(order.id);
    const pickupCode = this.codes.codeFor(order.id, PICKUP_CODE_DOMAIN);
    const items = JSON.parse(order.items) as FeastOrderLine[];
    const slot = order.slotId ? await this.orders.manager.findOneBy(FeastPickupSlotEntity, { id: order.slotId }) : null;
    // The order keeps its pickup day and time as English says them; another language says them
    // from the pickup time's own date and time (an order from before pre-orders has none).
    const translated = slot && !mail.isSource;
    const email = pickupConfirmationEmail(mail, {
      restaurant,
      reference,
      pickupDate: translated ? mail.pickupDate(slot.date) : order.pickupDate,
      pickupTime: translated ? mail.pickupTime(slot.time) : order.pickupTime,
      items,
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      pickupCode: formatTicketCode(pickupCode),
    });
    const qr = await QRCode.toBuffer(pickupCode, { type: 'png', width: 360, margin: 1 });
    const attachments: MailMessage['attachments'] = [
      { filename: `pickup-${reference}.png`, content: qr, contentType: 'image/png', cid: 'pickup-qr' },
    ];
    const startsAt = slot ? zonedWallTimeToIso(`${slot.date}T${slot.time}`, party.timeZone) : null;
    if (startsAt) {
      attachments.push({
        filename: 'feast-pickup.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: pickupCalendarEvent(mail, {
          orderId: order.id,
          reference,
          startsAt,
          endsAt: new Date(Date.parse(startsAt) + PICKUP_MINUTES * 60_000).toISOString(),
          restaurant,
          items,
        }),
      });
    }
    return { to: order.customerEmail, ...email, attachments };
  }

  /**
   * Tells a buyer their payment was refunded: a late payment that could not be honoured (and
   * why: the order's `failureReason`), or a refund by the staff. A failure here is logged; the
   * refund stands.
   */
  async sendRefund(order: FeastOrderEntity, why: 'late-payment' | 'staff'): Promise<void> {
    const { restaurant } = await this.site.get();
    try {
      await this.mail.send({
        to: order.customerEmail,
        ...pickupRefundEmail(guestLanguage(order.language), {
          why,
          restaurant,
          customerName: order.customerName,
          totalCents: order.totalCents,
          reference: orderReference(order.id),
          reason: order.failureReason,
        }),
      });
    } catch (error) {
      this.logger.error(`Refund e-mail of pre-order ${order.id} failed: ${String(error)}`);
    }
  }
}
