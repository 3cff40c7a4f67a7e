import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import {
  formatCents,
  PROMO_CODE_REFUSALS,
  saleWindowRefusal,
  type PartyOrderReceipt,
  type PartyOrderRequest,
  type PartyOrderResponse,
  type PartyTicketStats,
} from '@festival/contracts';
import { HotRead, type HotLoad } from '../../common/hot-read.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { rawDateTime } from '../../database/raw-date-time.js';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { PaymentDeclines, type PaymentClient } from '../payments/payment-declines.service.js';
import { PaymentEvents } from '../payments/payment-events.service.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { toReceipt } from './party-order.mapper.js';
import { PartyQuoteService } from './party-quote.service.js';
import { TicketCodes } from '../checkin/ticket-codes.js';
import { holdsPaymentSecret, paymentLookup, type PaymentLookup } from './payment-secret.js';
import { TicketEmailService, ticketQrSvg } from './ticket-email.service.js';
import { PARTY_LOCK, takenQuery, ticketsTaken } from './tickets-taken.js';
import { PromoCodesService } from '../promo-codes/promo-codes.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { SiteService } from '../site/site.service.js';
import { SeasonsService } from '../seasons/seasons.service.js';

export { PARTY_LOCK } from './tickets-taken.js';
const ORDER_TYPE = 'party_ticket';

type Outcome = 'paid' | 'already-paid' | 'refund';

/** Who asks to hold tickets: the client address, and the hold this browser already has (its cookie). */
export interface HoldClient extends PaymentClient {
  previousOrderId?: string;
}

/**
 * Party ticket orders: tickets held against capacity while the buyer pays, the payment completed
 * exactly once (browser confirmation or payment event), and a late payment the sold-out party
 * cannot honour refunded.
 */
@Injectable()
export class TicketsService implements OnModuleInit {
  private readonly logger = new Logger(TicketsService.name);
  /**
   * `GET /api/party-ticket-stats`, for display only: every hold, payment and release happens
   * under the party lock (or says so, see createOrder), after which this is dropped; a cached
   * count also ends when the earliest live hold lapses. Other replicas re-read within a second.
   * Holds check capacity in the database under the lock, never here.
   */
  readonly statsAnswer = new HotRead<PartyTicketStats>(() => this.readStats(), 'no-cache');

  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly quotes: PartyQuoteService,
    private readonly gateway: PaymentGateway,
    private readonly events: PaymentEvents,
    private readonly exclusive: ExclusiveSection,
    private readonly email: TicketEmailService,
    private readonly analytics: AnalyticsService,
    private readonly declines: PaymentDeclines,
    private readonly codes: TicketCodes,
    private readonly settings: SettingsService,
    private readonly site: SiteService,
    private readonly promoCodes: PromoCodesService,
    private readonly seasons: SeasonsService,
  ) {}

  onModuleInit(): void {
    this.exclusive.afterEach(PARTY_LOCK, () => this.statsAnswer.invalidate());
    this.events.onOrder(ORDER_TYPE, 'payment_intent.succeeded', (paymentIntentId) => this.onPaymentSucceeded(paymentIntentId));
  }

  private async readStats(): Promise<HotLoad<PartyTicketStats>> {
    // The capacity from the database, not the settings' cache: a save under the party lock drops
    // this answer, and the next load must see the new capacity.
    const manager = this.orders.manager;
    const { capacity } = await this.settings.readTickets(manager);
    const row = await takenQuery(manager, await this.seasons.readCurrentId(manager), new Date())
      .addSelect("MIN(CASE WHEN o.status = 'pending' THEN o.holdExpiresAt END)", 'nextLapse')
      .getRawOne<{ taken: string | number; nextLapse: string | Date | null }>();
    const taken = Number(row?.taken ?? 0);
    const nextLapse = row?.nextLapse ? rawDateTime(row.nextLapse).getTime() : undefined;
    return { value: { remaining: Math.max(0, capacity - taken) }, validUntil: nextLapse };
  }

  /**
   * Re-prices the order at the Tickets settings read under the party lock, holds its tickets
   * against capacity in the same exclusive step, then starts the payment. Outside the sale
   * window (`Ticket sales open on …`, `Ticket sales have ended`), with a promo code that has
   * expired or whose paid orders and live holds already reach its limit (`This promo code has
   * expired`, `This promo code has been used up`), with a total that disagrees with the
   * server's, or with too few tickets left, it is a 409 and nothing is created; an unknown or
   * switched-off code is a 400 `Invalid promo code`.
   *
   * Holds cannot hoard the party (docs/RELIABILITY.md, "Abuse"): a buyer holds one order at a
   * time (a new one from the same browser or e-mail address releases the last unpaid one), one
   * client address holds at most HOLD_TICKETS_PER_ADDRESS tickets, and a client or e-mail with
   * too many declined cards starts nothing. A released hold that is paid after all is honoured
   * like any late payment (see complete).
   */
  async createOrder(request: PartyOrderRequest, client: HoldClient): Promise<PartyOrderResponse> {
    const email = request.customerEmail.toLowerCase();
    await this.declines.assertMayStart({ address: client.address, email });
    // Without the lock first: an unknown code takes no lock (it is claimed again under it).
    if ((await this.promoCodes.check(request.promoCode)).status === 'invalid') throw new BadRequestException(PROMO_CODE_REFUSALS.invalid);
    const wanted = request.adultTickets + request.childTickets;
    const { timeZone } = (await this.site.get()).party;
    const now = new Date();
    const order = await this.exclusive.run(PARTY_LOCK, async (manager) => {
      // The Tickets settings as of this transaction: a price or capacity saved meanwhile (under
      // this lock) is the one this order is held and priced at, never a cached one.
      const tickets = await this.settings.readTickets(manager);
      const eventId = await this.seasons.readCurrentId(manager);
      const closed = saleWindowRefusal(tickets, now, timeZone);
      if (closed) throw new ConflictException(closed);
      // Released before the promo code is counted, so this buyer's own last hold does not use it
      // up (a refusal below rolls the release back with everything else).
      await this.releasePreviousHolds(manager, email, client.previousOrderId);
      const promo = await this.promoCodes.claim(manager, request.promoCode, now);
      const held = this.quotes.price(
        request,
        tickets,
        promo ? { status: 'valid', percentOff: promo.percentOff } : { status: 'none', percentOff: 0 },
      );
      if (request.totalAmount !== held.totalCents) {
        throw new ConflictException(`The price has changed: the total is now ${formatCents(held.totalCents)}. Please review your order.`);
      }
      // The order keeps every amount of the price but the in-between discounted subtotal.
      const { discountedCents: _discounted, promoCodeStatus: _status, ...price } = held;
      const heldHere = await this.heldFrom(manager, now, client.address);
      if (heldHere + wanted > this.config.holdTicketsPerAddress) {
        throw new HttpException(
          'Too many tickets are waiting for payment from your network. Please complete or cancel those payments, or try again in a few minutes.',
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
      const remaining = tickets.capacity - (await ticketsTaken(manager, eventId, now));
      if (remaining <= 0) throw new ConflictException('Sorry, the party is sold out');
      if (wanted > remaining) {
        throw new ConflictException(`Only ${remaining} ${remaining === 1 ? 'ticket' : 'tickets'} remaining`);
      }
      const created = manager.create(PartyOrderEntity, {
        id: randomUUID(),
        eventId,
        status: 'pending',
        customerName: request.customerName,
        customerEmail: email,
        customerPhone: request.customerPhone,
        ...price,
        promoCode: promo?.code ?? null,
        paymentIntentId: null,
        holdExpiresAt: new Date(now.getTime() + tickets.holdSeconds * 1000),
        paidAt: null,
        refundId: null,
        analyticsSessionId: request.sessionId ?? null,
        emailStatus: 'none',
        clientAddress: client.address,
      });
      await manager.insert(PartyOrderEntity, created);
      return created;
    });

    try {
      const intent = await this.gateway.createPaymentIntent({
        amountCents: order.totalCents,
        description: `Party tickets: ${order.adultTickets} adult, ${order.childTickets} child`,
        metadata: { type: ORDER_TYPE, orderId: order.id, ...PaymentDeclines.metadataOf({ address: client.address, email }) },
        idempotencyKey: `party-order-${order.id}`,
        receiptEmail: order.customerEmail,
      });
      await this.orders.update({ id: order.id }, { paymentIntentId: intent.id });
      return { clientSecret: intent.clientSecret, orderId: order.id, holdExpiresAt: order.holdExpiresAt.toISOString() };
    } catch (error) {
      // Release the hold at once: the buyer could not even start paying.
      await this.orders.update({ id: order.id, status: 'pending' }, { status: 'cancelled' });
      this.statsAnswer.invalidate();
      this.logger.error(`Could not start the payment of order ${order.id}: ${String(error)}`);
      throw new ServiceUnavailableException('Failed to initialize payment. Please try again.');
    }
  }

  /** The unpaid holds this buyer (the same e-mail address, or this browser's last order) had: released. */
  private async releasePreviousHolds(manager: EntityManager, email: string, previousOrderId: string | undefined): Promise<void> {
    await manager.update(PartyOrderEntity, { customerEmail: email, status: 'pending' }, { status: 'cancelled' });
    if (previousOrderId) await manager.update(PartyOrderEntity, { id: previousOrderId, status: 'pending' }, { status: 'cancelled' });
  }

  /** Tickets held unpaid (live holds) by orders started from this client address. */
  private async heldFrom(manager: EntityManager, now: Date, address: string): Promise<number> {
    const row = await manager
      .createQueryBuilder(PartyOrderEntity, 'o')
      .select('COALESCE(SUM(o.adultTickets + o.childTickets), 0)', 'held')
      .where("o.status = 'pending' AND o.holdExpiresAt > :now AND o.clientAddress = :address", { now, address })
      .getRawOne<{ held: string | number }>();
    return Number(row?.held ?? 0);
  }

  /**
   * The browser's confirmation after the card succeeded. Confirming again is harmless. The
   * buyer's name and e-mail, and the ticket code with its QR code, are in the answer only for a
   * caller holding the payment's client secret (the browser that paid); anyone else holding
   * just the intent id learns the state.
   */
  async confirmPayment(paymentIntentId: string, clientSecret?: string): Promise<PartyOrderReceipt> {
    const order = await this.orders.findOneBy({ paymentIntentId });
    if (!order) throw new NotFoundException('No ticket order for this payment');
    const payment = paymentLookup(this.gateway, paymentIntentId);
    if (order.status !== 'paid') {
      const outcome = await this.complete(order, payment);
      if (outcome === 'refund') {
        throw new ConflictException(
          'Your payment went through after your tickets were released, and the party sold out meanwhile. It has been refunded in full.',
        );
      }
    }
    const receipt = toReceipt(await this.orders.findOneByOrFail({ id: order.id }));
    if (await holdsPaymentSecret(payment, clientSecret)) {
      const ticketCode = this.codes.codeFor(order.id);
      return { ...receipt, ticketCode, ticketQrSvg: await ticketQrSvg(ticketCode) };
    }
    const { customerName: _name, customerEmail: _email, ...anonymous } = receipt;
    return anonymous;
  }

  /** The webhook path (or the simulated gateway's event): the same completion, idempotent. */
  private async onPaymentSucceeded(paymentIntentId: string): Promise<void> {
    const order = await this.orders.findOneBy({ paymentIntentId });
    if (!order || order.status === 'paid' || order.status === 'refunded') return;
    await this.complete(order);
  }

  /**
   * Marks an order paid exactly once, after checking with the gateway that its payment
   * succeeded for this order and amount. A payment that arrives after its hold lapsed is
   * honoured when capacity is left, otherwise refunded and the buyer told.
   */
  private async complete(
    order: PartyOrderEntity,
    payment: PaymentLookup = paymentLookup(this.gateway, order.paymentIntentId),
  ): Promise<Outcome> {
    const intent = await payment();
    if (!intent || intent.status !== 'succeeded') throw new ConflictException('Payment was not completed');
    if (intent.amountCents !== order.totalCents || intent.metadata.orderId !== order.id) {
      this.logger.error(`Payment ${intent.id} does not match order ${order.id}`);
      throw new ConflictException('This payment does not match the order');
    }

    const now = new Date();
    const outcome = await this.exclusive.run(PARTY_LOCK, async (manager): Promise<Outcome> => {
      const current = await manager.findOneByOrFail(PartyOrderEntity, { id: order.id });
      if (current.status === 'paid') return 'already-paid';
      if (current.status === 'refunding' || current.status === 'refunded') return 'refund';
      const holdLive = current.status === 'pending' && current.holdExpiresAt.getTime() > now.getTime();
      const { capacity } = await this.settings.readTicketsOf(manager, current.eventId);
      const fits = holdLive || capacity - (await ticketsTaken(manager, current.eventId, now, current.id)) >= current.ticketCount;
      if (!fits) {
        await manager.update(PartyOrderEntity, { id: current.id }, { status: 'refunding' });
        return 'refund';
      }
      await manager.update(
        PartyOrderEntity,
        { id: current.id, status: In(['pending', 'cancelled']) },
        { status: 'paid', paidAt: now, emailStatus: 'pending', emailNextAttemptAt: now },
      );
      return 'paid';
    });

    if (outcome === 'paid') {
      this.logger.log(`Order ${order.id} paid`);
      this.email.sendSoon();
      // The funnel's last step, tied to the buyer's browsing session for attribution.
      await this.analytics.recordServerEvent({
        eventType: 'party_order_completed',
        eventId: order.eventId,
        entityId: order.id,
        sessionId: order.analyticsSessionId,
        userName: order.customerName,
        userEmail: order.customerEmail,
        userPhone: order.customerPhone,
        metadata: { adultTickets: order.adultTickets, childTickets: order.childTickets, totalCents: order.totalCents },
      });
    } else if (outcome === 'refund') {
      await this.refund(order.id);
    }
    return outcome;
  }

  private async refund(orderId: string): Promise<void> {
    const order = await this.orders.findOneByOrFail({ id: orderId });
    if (order.status !== 'refunding' || !order.paymentIntentId) return;
    const refund = await this.gateway.refundPayment(order.paymentIntentId, `party-refund-${order.id}`);
    const changed = await this.orders.update({ id: order.id, status: 'refunding' }, { status: 'refunded', refundId: refund.id });
    if (changed.affected) await this.email.sendSoldOutRefund(order);
  }
}
