import { randomUUID } from 'node:crypto';
import {
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { drinkTabReference, formatCents, priceDrinksSubtotal, type ReceiptResent } from '@festival/contracts';
import { isUuid } from '../../../common/uuid.js';
import { guestLanguage, type GuestLanguage } from '../../../common/guest-language.js';
import { MailOutbox } from '../../mail/mail-outbox.js';
import { MailService, type MailMessage } from '../../mail/mail.service.js';
import { PaymentGateway } from '../../payments/payment-gateway.js';
import { SiteService } from '../../settings/site.service.js';
import { DrinkOrderEntity, type DrinkOrderLine } from '../drink-order.entity.js';
import { DrinkTabEntity } from '../drink-tab.entity.js';
import { DrinkReceiptEntity, type DrinkReceiptReason } from './drink-receipt.entity.js';
import { drinkReceiptEmail, RECEIPT_MESSAGES, type DrinkReceiptView } from './drink-receipt.template.js';

/**
 * Itemised receipts of drinks (docs/tips-and-receipts.md): an e-mail when a pay-now order is
 * paid, when a tab is closed and charged, when staff resend it and when a refund changes it.
 * Each is a row of `drink_receipts` in the one mail outbox (claimed once, retried, swept up
 * after a restart), written from the order or tab as it is when it goes out.
 */
@Injectable()
export class DrinkReceipts implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DrinkReceipts.name);
  private readonly outbox: MailOutbox<DrinkReceiptEntity>;

  constructor(
    @InjectRepository(DrinkReceiptEntity) private readonly receipts: Repository<DrinkReceiptEntity>,
    mail: MailService,
    private readonly site: SiteService,
    private readonly gateway: PaymentGateway,
  ) {
    this.outbox = new MailOutbox({
      name: 'Drinks receipts',
      rows: receipts,
      order: { createdAt: 'ASC' },
      message: (row) => this.message(row),
      mail,
      logger: this.logger,
      stampsSettledAt: true,
    });
  }

  onApplicationBootstrap(): void {
    this.outbox.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.outbox.stop();
  }

  /** Resolves when no pass is running (tests wait on it). */
  idle(): Promise<void> {
    return this.outbox.idle();
  }

  /** Starts sending what was queued (call after the transaction that queued it committed). */
  sendSoon(): void {
    this.outbox.sendSoon();
  }

  /** Queues a pay-now order's receipt, when the order has an e-mail address; false without one. */
  async queueForOrder(orderId: string, reason: DrinkReceiptReason, manager?: EntityManager): Promise<boolean> {
    const db = manager ?? this.receipts.manager;
    const order = await db.findOneBy(DrinkOrderEntity, { id: orderId });
    // Only an order that was paid and reached the bar has a receipt (never one refunded because a drink ran out).
    if (!order?.customerEmail || order.tabId || order.number === null) return false;
    await db.insert(DrinkReceiptEntity, this.row({ orderId: order.id, tabId: null, reason, email: order.customerEmail }));
    if (!manager) this.sendSoon();
    return true;
  }

  /** Queues a tab's receipt, when the tab has an e-mail address and was charged; false otherwise. */
  async queueForTab(tabId: string, reason: DrinkReceiptReason, manager?: EntityManager): Promise<boolean> {
    const db = manager ?? this.receipts.manager;
    const tab = await db.findOneBy(DrinkTabEntity, { id: tabId });
    if (!tab?.customerEmail || tab.status !== 'closed' || !tab.chargedCents) return false;
    await db.insert(DrinkReceiptEntity, this.row({ orderId: null, tabId: tab.id, reason, email: tab.customerEmail }));
    if (!manager) this.sendSoon();
    return true;
  }

  /** Staff's `Resend receipt` of a pay-now order. */
  async resendForOrder(orderId: string): Promise<ReceiptResent> {
    const order = isUuid(orderId) ? await this.receipts.manager.findOneBy(DrinkOrderEntity, { id: orderId.toLowerCase() }) : null;
    if (!order) throw new NotFoundException('Order not found');
    if (order.tabId) throw new ConflictException("This order is on a tab: resend the tab's receipt");
    if (!['paid', 'refunding', 'refunded'].includes(order.status) || order.number === null) {
      throw new ConflictException('This order is not paid, so it has no receipt');
    }
    if (!order.customerEmail) throw new ConflictException('This order has no e-mail address');
    await this.queueForOrder(order.id, 'resend');
    return { message: `Receipt sent again to ${order.customerEmail}` };
  }

  /** Staff's `Resend receipt` of a tab. */
  async resendForTab(tabId: string): Promise<ReceiptResent> {
    const tab = isUuid(tabId) ? await this.receipts.manager.findOneBy(DrinkTabEntity, { id: tabId.toLowerCase() }) : null;
    if (!tab) throw new NotFoundException('Tab not found');
    if (tab.status !== 'closed' || !tab.chargedCents) throw new ConflictException('This tab was not charged, so it has no receipt');
    if (!tab.customerEmail) throw new ConflictException('This tab has no e-mail address');
    await this.queueForTab(tab.id, 'resend');
    return { message: `Receipt sent again to ${tab.customerEmail}` };
  }

  private row(values: Pick<DrinkReceiptEntity, 'orderId' | 'tabId' | 'reason' | 'email'>): DrinkReceiptEntity {
    return this.receipts.create({ id: randomUUID(), ...values, ...MailOutbox.queuedNow(), emailSettledAt: null });
  }

  /** The receipt's e-mail, in the language of the order or tab it is for (docs/languages.md). */
  private async message(row: DrinkReceiptEntity): Promise<MailMessage> {
    const { mail, view } = row.orderId ? await this.orderView(row.orderId) : await this.tabView(row.tabId!);
    return { to: row.email, ...drinkReceiptEmail(mail, { ...view, updated: row.reason === 'refund' }) };
  }

  private async orderView(orderId: string): Promise<{ mail: GuestLanguage; view: Omit<DrinkReceiptView, 'updated'> }> {
    const order = await this.receipts.manager.findOneByOrFail(DrinkOrderEntity, { id: orderId });
    const mail = guestLanguage(order.language);
    return {
      mail,
      view: {
        ...(await this.place(mail, order.placedAt ?? order.createdAt)),
        heading: mail.text(RECEIPT_MESSAGES.orderHeading, { number: order.number ?? 0 }),
        lines: linesOf(order.lines),
        subtotal: formatCents(order.subtotalCents),
        tax: formatCents(order.taxCents),
        tip: formatCents(order.tipCents),
        total: formatCents(order.totalCents),
        refunded: order.refundedCents > 0 ? formatCents(order.refundedCents) : null,
        card: await this.cardOf(mail, order.paymentIntentId),
      },
    };
  }

  private async tabView(tabId: string): Promise<{ mail: GuestLanguage; view: Omit<DrinkReceiptView, 'updated'> }> {
    const manager = this.receipts.manager;
    const tab = await manager.findOneByOrFail(DrinkTabEntity, { id: tabId });
    const mail = guestLanguage(tab.language);
    const orders = await manager.find(DrinkOrderEntity, { where: { tabId, status: 'tab' }, order: { number: 'ASC' } });
    const subtotalCents = tab.subtotalCents ?? orders.reduce((sum, o) => sum + o.subtotalCents, 0);
    const taxCents = tab.taxCents ?? priceDrinksSubtotal(subtotalCents).taxCents;
    const tipCents = tab.tipCents ?? 0;
    return {
      mail,
      view: {
        ...(await this.place(mail, tab.closedAt ?? new Date())),
        heading: mail.text(RECEIPT_MESSAGES.tabHeading, { reference: drinkTabReference(tab.id) }),
        lines: linesOf(orders.flatMap((o) => o.lines)),
        subtotal: formatCents(subtotalCents),
        tax: formatCents(taxCents),
        tip: formatCents(tipCents),
        total: formatCents(tab.chargedCents ?? subtotalCents + taxCents + tipCents),
        refunded: tab.refundedCents > 0 ? formatCents(tab.refundedCents) : null,
        card: await this.cardOf(mail, tab.chargePaymentIntentId),
      },
    };
  }

  /** The restaurant's name and address, and the time in the party's time zone, as `mail`'s language says it. */
  private async place(mail: GuestLanguage, at: Date): Promise<Pick<DrinkReceiptView, 'restaurantName' | 'address' | 'time'>> {
    const { restaurant, party } = await this.site.get();
    const { street, city, region, postalCode } = restaurant.address;
    return {
      restaurantName: restaurant.name,
      address: `${street}, ${city}, ${region} ${postalCode}`,
      time: mail.receiptTime(at, party.timeZone),
    };
  }

  /** `Visa ending 4242`, from the paid payment's card; null when the payment service does not say. */
  private async cardOf(mail: GuestLanguage, paymentIntentId: string | null): Promise<string | null> {
    if (!paymentIntentId) return null;
    try {
      const card = (await this.gateway.retrievePaymentIntent(paymentIntentId))?.card;
      return card
        ? mail.text(RECEIPT_MESSAGES.card, { brand: `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}`, last4: card.last4 })
        : null;
    } catch (error) {
      // A temporary failure of the payment service retries the whole message (the outbox's backoff).
      this.logger.warn(`Could not read the card of payment ${paymentIntentId}: ${String(error)}`);
      throw error;
    }
  }
}

/** Each drink once, with its quantity summed (a tab's orders of the same drink at the same price together). */
function linesOf(lines: DrinkOrderLine[]): DrinkReceiptView['lines'] {
  const merged = new Map<string, DrinkOrderLine>();
  for (const line of lines) {
    const key = `${line.id}@${line.price}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()].map((l) => ({
    quantity: l.quantity,
    name: l.name,
    price: formatCents(l.price),
    amount: formatCents(l.price * l.quantity),
  }));
}
