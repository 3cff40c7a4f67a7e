import { randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager, type FindOptionsWhere } from 'typeorm';
import {
  formatCents,
  saleWindowState,
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
import {
  HeldOrderCompletion,
  heldFromAddress,
  holdIsLive,
  type ConfirmableOrderKind,
} from '../payments/order-lifecycle/held-order-completion.js';
import { LapsedHolds } from '../payments/order-lifecycle/lapsed-holds.js';
import { PaymentConfirmations } from '../payments/order-lifecycle/payment-confirmations.js';
import { MailOutbox } from '../mail/mail-outbox.js';
import { LATE_PAYMENT_REASONS } from './late-payment-reasons.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { toReceipt } from './party-order.mapper.js';
import { PartyQuoteService } from './party-quote.service.js';
import { TicketCodes } from '../codes/ticket-codes.js';
import { TicketEmailService, ticketQrSvg } from './ticket-email.service.js';
import { lateReasonIn } from './ticket-email.templates.js';
import { PARTY_LOCK } from '../settings/party-lock.js';
import { offeredSeats, takenQuery, ticketsTaken } from './tickets-taken.js';
import { WaitlistService } from './waitlist/waitlist.service.js';
import { KeptCardsService } from '../kept-cards/kept-cards.service.js';
import { PromoCodesService } from './promo-codes.service.js';
import { TicketSettingsService } from '../settings/ticket-settings.service.js';
import { SiteService } from '../settings/site.service.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { PartyMeals } from './meals/party-meals.service.js';
import { insertOrderLines, linesOf, requestOf } from './party-order-lines.js';
import { saleWindowClosed, seatsOf, selectTickets, TypeSoldOutError, type TicketSelection } from './ticket-types/ticket-selection.js';
import { TicketTypesService } from './ticket-types/ticket-types.service.js';
import { ConsentRecords } from '../privacy/consent-records.service.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

const ORDER_TYPE = 'party_ticket';

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
    private readonly completion: HeldOrderCompletion,
    private readonly lapsedHolds: LapsedHolds,
    private readonly confirmations: PaymentConfirmations,
    private readonly exclusive: ExclusiveSection,
    private readonly email: TicketEmailService,
    private readonly analytics: AnalyticsService,
    private readonly declines: PaymentDeclines,
    private readonly codes: TicketCodes,
    private readonly settings: TicketSettingsService,
    private readonly site: SiteService,
    private readonly promoCodes: PromoCodesService,
    private readonly seasons: SeasonsService,
    private readonly meals: PartyMeals,
    private readonly ticketTypes: TicketTypesService,
    private readonly waitlist: WaitlistService,
    private readonly keptCards: KeptCardsService,
    private readonly consent: ConsentRecords,
  ) {}

  onModuleInit(): void {
    this.exclusive.afterEach(PARTY_LOCK, () => this.statsAnswer.invalidate());
    this.completion.completeOnPaymentEvents(this.kind);
    this.lapsedHolds.register(this.kind);
    this.confirmations.register(ORDER_TYPE, (paymentIntentId, clientSecret) => this.confirmPayment(paymentIntentId, clientSecret));
    this.settings.countTakenWith(ticketsTaken);
  }

  private async readStats(): Promise<HotLoad<PartyTicketStats>> {
    // The capacity from the database, not the settings' cache: a save under the party lock drops
    // this answer, and the next load must see the new capacity.
    const manager = this.orders.manager;
    const { capacity } = await this.settings.readTickets(manager);
    const eventId = await this.seasons.readCurrentId(manager);
    const now = new Date();
    const row = await takenQuery(manager, eventId, now)
      .addSelect("MIN(CASE WHEN o.status = 'pending' THEN o.holdExpiresAt END)", 'nextLapse')
      .getRawOne<{ taken: string | number; nextLapse: string | Date | null }>();
    // Live waitlist offers hold their seats too (an offer's end passes under the party lock).
    const taken = Number(row?.taken ?? 0) + (await offeredSeats(manager, eventId, now));
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
    if ((await this.promoCodes.check(request.promoCode)).status === 'invalid')
      throw new GuestRefusal(HttpStatus.BAD_REQUEST, GUEST_REFUSALS.promoInvalid);
    const { timeZone } = (await this.site.get()).party;
    const now = new Date();
    const { order, released } = await this.exclusive.run(PARTY_LOCK, async (manager) => {
      // The Tickets settings as of this transaction: a price or capacity saved meanwhile (under
      // this lock) is the one this order is held and priced at, never a cached one.
      const tickets = await this.settings.readTickets(manager);
      const eventId = await this.seasons.readCurrentId(manager);
      const closed = saleWindowClosed(tickets, now, timeZone);
      if (closed) throw closed;
      // Released before the promo code is counted, so this buyer's own last hold does not use it
      // up (a refusal below rolls the release back with everything else).
      const released = await this.releasePreviousHolds(manager, email, client.previousOrderId);
      const promo = await this.promoCodes.claim(manager, request.promoCode, now);
      // Each type at its price now, within its own sale window and capacity (docs/ticket-types.md).
      const types = await this.ticketTypes.typesOf(manager, eventId);
      const selection = await selectTickets(manager, eventId, types, request, tickets, now, timeZone);
      const wanted = seatsOf(selection);
      // A waitlist offer's link: its held seats are this buyer's (docs/waitlist.md).
      const offer = request.offerToken ? await this.waitlist.claimOffer(manager, request.offerToken, wanted, now) : null;
      // One meal row per seat when the season asks meals (docs/meals.md); a 400 otherwise.
      const guests = await this.meals.check(manager, request, wanted);
      const held = this.quotes.price(
        selection,
        tickets,
        promo ? { status: 'valid', percentOff: promo.percentOff } : { status: 'none', percentOff: 0 },
      );
      if (request.totalAmount !== held.totalCents) {
        throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.priceChanged, { total: formatCents(held.totalCents) });
      }
      // The order keeps every amount of the price but the in-between discounted subtotal.
      const { discountedCents: _discounted, promoCodeStatus: _status, ...price } = held;
      const heldHere = await heldFromAddress(
        manager,
        PartyOrderEntity,
        'o.adultTickets + o.childTickets + o.extraSeats',
        now,
        client.address,
      );
      if (heldHere + wanted > this.config.holdTicketsPerAddress) {
        throw new GuestRefusal(HttpStatus.TOO_MANY_REQUESTS, GUEST_REFUSALS.ticketsHeldFromNetwork);
      }
      const remaining = tickets.capacity - (await ticketsTaken(manager, eventId, now)) + (offer?.seats ?? 0);
      if (remaining <= 0) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.soldOut);
      if (wanted > remaining) {
        throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.ticketsLeft, { remaining });
      }
      const created = manager.create(PartyOrderEntity, {
        id: randomUUID(),
        eventId,
        status: 'pending',
        customerName: request.customerName,
        customerEmail: email,
        customerPhone: request.customerPhone,
        // Bought with a waitlist offer's link, the tickets keep the entry's language unless their page names one.
        language: request.language ?? offer?.language ?? 'en',
        ...price,
        promoCode: promo?.code ?? null,
        extraSeats: selection.extraSeats,
        paymentIntentId: null,
        holdExpiresAt: new Date(now.getTime() + tickets.holdSeconds * 1000),
        paidAt: null,
        refundId: null,
        analyticsSessionId: request.sessionId ?? null,
        emailStatus: 'none',
        clientAddress: client.address,
      });
      await manager.insert(PartyOrderEntity, created);
      await this.meals.store(manager, created, guests, now);
      await insertOrderLines(manager, created.id, selection.lines);
      await this.consent.record(
        {
          email: email,
          phone: request.customerPhone,
          agreed: request.newsConsent ?? false,
          page: 'party',
          seasonId: String(eventId),
          subjectId: created.id,
        },
        now,
        manager,
      );
      if (offer) await this.waitlist.linkOrder(manager, offer, created.id);
      return { order: created, released: [...released, ...(offer?.released ?? [])] };
    });
    await this.completion.cancelPayments(released);

    const intent = await this.completion.startPayment(this.kind, order, {
      description: `Party tickets: ${order.adultTickets} adult, ${order.childTickets} child`,
      metadata: PaymentDeclines.metadataOf({ address: client.address, email }),
      idempotencyKey: `party-order-${order.id}`,
      receiptEmail: order.customerEmail,
      unavailable: GUEST_REFUSALS.paymentNotStarted,
      released: () => this.statsAnswer.invalidate(),
    });
    return { clientSecret: intent.clientSecret, orderId: order.id, holdExpiresAt: order.holdExpiresAt.toISOString() };
  }

  /**
   * The unpaid holds this buyer (the same e-mail address, or this browser's last order) had:
   * released. Answers their payments, to be cancelled once the release has committed.
   */
  private async releasePreviousHolds(
    manager: EntityManager,
    email: string,
    previousOrderId: string | undefined,
  ): Promise<(string | null)[]> {
    const where: FindOptionsWhere<PartyOrderEntity>[] = [{ customerEmail: email, status: 'pending' }];
    if (previousOrderId) where.push({ id: previousOrderId, status: 'pending' });
    const held = await manager.find(PartyOrderEntity, { where, select: { id: true, paymentIntentId: true } });
    if (held.length === 0) return [];
    await manager.update(PartyOrderEntity, { id: In(held.map((o) => o.id)), status: 'pending' }, { status: 'cancelled' });
    return held.map((o) => o.paymentIntentId);
  }

  /**
   * The browser's confirmation after the card succeeded (`POST /api/confirm-payment`), through
   * the one lifecycle. Confirming again is harmless. The buyer's name and e-mail, and the ticket
   * code with its QR code, are in the answer only for a caller holding the payment's client
   * secret (the browser that paid); anyone else holding just the intent id learns the state.
   */
  async confirmPayment(paymentIntentId: string, clientSecret?: string): Promise<PartyOrderReceipt> {
    const { order, holdsSecret } = await this.completion.confirm(this.kind, paymentIntentId, clientSecret);
    const receipt = toReceipt(order, order.extraSeats > 0 ? await linesOf(this.orders.manager, order.id) : []);
    if (holdsSecret) {
      const ticketCode = this.codes.codeFor(order.id);
      const guests = await this.meals.guestsOf(order);
      return { ...receipt, ticketCode, ticketQrSvg: await ticketQrSvg(ticketCode), ...(guests.length > 0 ? { guests } : {}) };
    }
    const { customerName: _name, customerEmail: _email, ...anonymous } = receipt;
    return anonymous;
  }

  /**
   * Why a payment for `order` cannot be honoured now (under the party lock), or null
   * (docs/RELIABILITY.md, "Late payments"). A live hold keeps the terms it was held at; only its
   * promo code's limit is counted again, so no code is used more than its limit. A hold that was
   * released (the buyer started another order) or has lapsed is honoured only as a new order
   * would be accepted now: the season still on sale, the sale window open, the tickets left, the
   * promo code still valid with a use left, and a price no lower than today's.
   */
  private async latePaymentRefusal(manager: EntityManager, order: PartyOrderEntity, now: Date): Promise<string | null> {
    const live = holdIsLive(order, now);
    const promo = order.promoCode ? await this.promoCodes.atPayment(manager, order.promoCode, order.id, live, now) : null;
    if (promo && promo.status !== 'valid') return LATE_PAYMENT_REASONS.promo[promo.status];
    if (live) return null;
    if (order.eventId !== (await this.seasons.readCurrentId(manager))) return LATE_PAYMENT_REASONS.salesEnded;
    const tickets = await this.settings.readTicketsOf(manager, order.eventId);
    const { timeZone } = (await this.site.get()).party;
    if (saleWindowState(tickets, now)) return LATE_PAYMENT_REASONS.salesEnded;
    if (tickets.capacity - (await ticketsTaken(manager, order.eventId, now, order.id)) < order.ticketCount)
      return LATE_PAYMENT_REASONS.soldOut;
    // Each type as a new order would find it now: on sale, within its capacity, at today's price.
    let selection: TicketSelection;
    try {
      const types = await this.ticketTypes.typesOf(manager, order.eventId);
      selection = await selectTickets(manager, order.eventId, types, await requestOf(manager, order), tickets, now, timeZone, order.id);
    } catch (refused) {
      if (refused instanceof TypeSoldOutError) return LATE_PAYMENT_REASONS.soldOut;
      // The type was hidden, deleted or taken off sale since.
      if (refused instanceof HttpException) return LATE_PAYMENT_REASONS.salesEnded;
      throw refused;
    }
    const today = this.quotes.price(
      selection,
      tickets,
      promo ? { status: 'valid', percentOff: promo.percentOff } : { status: 'none', percentOff: 0 },
    );
    return today.totalCents > order.totalCents ? LATE_PAYMENT_REASONS.priceRose : null;
  }

  /**
   * Party tickets in the one order lifecycle: a payment is honoured while its hold is live, or
   * after it lapsed when the party still has room; paid, the confirmation e-mail is queued and
   * the funnel's last step recorded; otherwise refunded and the buyer told.
   */
  private readonly kind: ConfirmableOrderKind<PartyOrderEntity> = {
    paymentType: ORDER_TYPE,
    label: 'Order',
    lock: PARTY_LOCK,
    entity: PartyOrderEntity,
    notFound: 'No ticket order for this payment',
    // Door sales are party orders too, paid at the door (door/staff-sales.service.ts).
    owns: (order) => order.requestId === null,
    refundedAnswer: (order) =>
      new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.lateRefunded, (language) => ({
        reason: lateReasonIn(language, order.failureReason ?? LATE_PAYMENT_REASONS.soldOut),
      })),
    refusal: async (manager, order, now) => {
      const reason = await this.latePaymentRefusal(manager, order, now);
      return reason ? { failureReason: reason } : null;
    },
    pay: async (manager, order, now) => {
      await this.waitlist.orderPaid(manager, order.id);
      return { paidAt: now, ...MailOutbox.queuedNow(now) };
    },
    paid: async (order) => {
      // The card kept for drinks, before the confirmation that links to it (its e-mail records it too, if this fails).
      await this.keptCards.recordPaid(order.id, order.paymentIntentId).catch(() => null);
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
    },
    refundKey: (order) => `party-refund-${order.id}`,
    refunded: () => ({}),
    afterRefund: (order) => this.email.sendLatePaymentRefund(order),
  };
}
