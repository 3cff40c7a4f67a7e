import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository, type EntityManager } from 'typeorm';
import {
  formatCents,
  orderReference,
  ticketLines,
  type AddGuestsRequest,
  type DoorSaleRequest,
  type DoorSaleResponse,
  type PartyOrderDetails,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { FestivalMetrics } from '../../common/metrics/festival-metrics.js';
import { TicketRedemptionEntity } from '../tickets/ticket-redemption.entity.js';
import { HeldOrderCompletion, holdIsLive, type HeldOrderKind } from '../payments/order-lifecycle/held-order-completion.js';
import { PaymentEvents } from '../payments/payment-events.service.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { TicketSettingsService } from '../settings/ticket-settings.service.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PartyOrderAdmin } from '../tickets/party-order-admin.service.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { PartyQuoteService } from '../tickets/party-quote.service.js';
import { TicketEmailService } from '../tickets/ticket-email.service.js';
import { PARTY_LOCK } from '../settings/party-lock.js';
import { ticketsTaken } from '../tickets/tickets-taken.js';

/** `who` of a door sale without a buyer's name. */
export const DOOR_SALE_NAME = 'Door sale';
/** The gateway metadata `type` of a door sale's card payment (not a party_ticket: the online checkout does not complete it). */
export const DOOR_SALE_PAYMENT_TYPE = 'door_sale';

/**
 * Who admits the guests of a card sale the gateway's event completes: the door that took the
 * card, when its page closed (or lost the network) before it could confirm.
 */
export const CARD_PAYMENT_DOOR: StaffActor = { role: 'door', name: 'Door card payment', deviceId: null };

const ticketObject = (order: PartyOrderEntity): string => `Ticket ${orderReference(order.id)} (${order.customerName})`;

/** The 409 of tickets that would take the party past its capacity. */
function overCapacity(wanted: number, remaining: number): ConflictException {
  if (remaining <= 0) return new ConflictException('The party is sold out: no tickets are left to give or sell');
  return new ConflictException(
    `Only ${remaining} ${remaining === 1 ? 'ticket is' : 'tickets are'} left, fewer than the ${wanted} asked for`,
  );
}

/** A unique-key clash on `requestId`: two requests with one id raced, and the other one won. */
const isDuplicate = (error: unknown): boolean =>
  error instanceof QueryFailedError && /unique|duplicate/i.test(String((error as { message?: string }).message));

/**
 * Tickets staff make without the online checkout (docs/door.md): the manager's complimentary
 * guests (`Add guests`, no payment, $0) and tickets sold at the door for cash, issued already
 * checked in. Both are paid orders made under the party lock, so they count against capacity
 * exactly like a sale and can never oversell with holds made at the same time; each is written
 * to the activity log in the same transaction. Only the transaction's `manager` is used inside
 * the lock. A repeated `requestId` answers with the order it made and makes nothing more.
 */
@Injectable()
export class StaffSalesService {
  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    private readonly gateway: PaymentGateway,
    private readonly exclusive: ExclusiveSection,
    private readonly settings: TicketSettingsService,
    private readonly seasons: SeasonsService,
    private readonly quotes: PartyQuoteService,
    private readonly email: TicketEmailService,
    private readonly activity: ActivityLog,
    private readonly admin: PartyOrderAdmin,
    private readonly completion: HeldOrderCompletion,
    private readonly metrics: FestivalMetrics,
    events: PaymentEvents,
  ) {
    // The card went through but the door's page never confirmed (closed, offline): the
    // gateway's event completes the sale the same way, once.
    events.onOrder(DOOR_SALE_PAYMENT_TYPE, 'payment_intent.succeeded', (paymentIntentId) => this.onCardPaid(paymentIntentId));
  }

  /** `Add guests`: a comp order, paid at $0, its ticket e-mail queued through the outbox. */
  async addGuests(request: AddGuestsRequest, actor: StaffActor): Promise<PartyOrderDetails> {
    const orderId = await this.once(request.requestId, 'comp', (manager) => this.createComp(manager, request, actor));
    this.email.sendSoon();
    return this.admin.details(orderId);
  }

  /**
   * `Sell at the door`: an order at the Tickets settings' prices. Cash: paid, its guests admitted
   * at once. Card: its tickets held (like an online hold) and the payment started at the
   * gateway; the answer carries the client secret for the card form, and confirmCardSale admits.
   */
  async sellAtDoor(request: DoorSaleRequest, actor: StaffActor): Promise<DoorSaleResponse> {
    if (request.paymentMethod === 'card') return this.startCardSale(request);
    const orderId = await this.once(request.requestId, 'cash', (manager) => this.createDoorSale(manager, request, actor));
    return this.saleAnswer(orderId, null);
  }

  private async saleAnswer(orderId: string, clientSecret: string | null): Promise<DoorSaleResponse> {
    const order = await this.admin.details(orderId);
    return {
      orderId: order.id,
      reference: order.reference,
      customerName: order.customerName,
      adults: order.adultTickets,
      children: order.childTickets,
      totalCents: order.totalCents,
      paymentMethod: order.paymentMethod,
      admitted: order.admitted,
      status: order.status === 'paid' ? 'paid' : 'pending',
      clientSecret: order.status === 'pending' ? clientSecret : null,
    };
  }

  /** A card sale: held under the party lock, then its payment started (the same one again for a repeated requestId). */
  private async startCardSale(request: DoorSaleRequest): Promise<DoorSaleResponse> {
    const orderId = await this.once(request.requestId, 'card', (manager) => this.createDoorSale(manager, request, null));
    const order = await this.orders.findOneByOrFail({ id: orderId });
    if (order.status !== 'pending') {
      if (order.status === 'paid') return this.saleAnswer(orderId, null);
      throw new ConflictException('This sale was not completed: start a new one');
    }
    const intent = await this.gateway.createPaymentIntent({
      amountCents: order.totalCents,
      description: `Party tickets at the door: ${order.adultTickets} adult, ${order.childTickets} child`,
      metadata: { type: DOOR_SALE_PAYMENT_TYPE, orderId: order.id },
      idempotencyKey: `door-sale-${order.id}`,
    });
    if (order.paymentIntentId !== intent.id) await this.orders.update({ id: order.id }, { paymentIntentId: intent.id });
    return this.saleAnswer(orderId, intent.clientSecret);
  }

  /**
   * The card of a door sale went through: checked with the gateway (succeeded, this order, this
   * amount), then under the party lock the order paid and its guests admitted, once. A payment
   * that finishes after its hold lapsed and the party sold out meanwhile is refunded (409).
   */
  async confirmCardSale(orderId: string, paymentIntentId: string, actor: StaffActor): Promise<DoorSaleResponse> {
    const order = await this.orders.findOneBy({ id: orderId.toLowerCase(), paymentMethod: 'card' });
    if (!order || !order.requestId || order.paymentIntentId !== paymentIntentId)
      throw new NotFoundException('No door sale for this payment');
    if (order.status === 'paid') return this.saleAnswer(order.id, null);
    const outcome = await this.completion.complete(this.cardSale(actor), order);
    if (outcome === 'refund')
      throw new ConflictException('The party sold out before the card payment finished: the card has been refunded');
    return this.saleAnswer(order.id, null);
  }

  /**
   * A door card sale in the one order lifecycle: honoured while its hold is live or the party
   * has room; paid, its guests are admitted by `actor` in the same transaction; otherwise the
   * card is refunded. Nobody to e-mail: the guests are at the door.
   */
  private cardSale(actor: StaffActor): HeldOrderKind<PartyOrderEntity> {
    return {
      paymentType: DOOR_SALE_PAYMENT_TYPE,
      label: 'Door sale',
      lock: PARTY_LOCK,
      entity: PartyOrderEntity,
      refusals: { notCompleted: 'The card payment was not completed', mismatch: 'This payment does not match the sale' },
      refusal: async (manager, order, now) => {
        if (holdIsLive(order, now)) return null;
        const { capacity } = await this.settings.readTicketsOf(manager, order.eventId);
        return capacity - (await ticketsTaken(manager, order.eventId, now, order.id)) >= order.ticketCount ? null : {};
      },
      pay: async (manager, order, now) => {
        await this.admitAll(manager, order, actor, now, 'card');
        return { paidAt: now };
      },
      refundKey: (order) => `door-sale-refund-${order.id}`,
      refunded: () => ({}),
    };
  }

  private async onCardPaid(paymentIntentId: string): Promise<void> {
    const order = await this.orders.findOneBy({ paymentIntentId, paymentMethod: 'card' });
    if (!order?.requestId || order.status === 'paid') return;
    await this.confirmCardSale(order.id, paymentIntentId, CARD_PAYMENT_DOOR);
  }

  /** Under the party lock: every guest of a new door sale admitted by this door, on the activity log. */
  private async admitAll(manager: EntityManager, order: PartyOrderEntity, actor: StaffActor, now: Date, method: string): Promise<void> {
    const guests = order.adultTickets + order.childTickets;
    // A door sale nobody else can scan yet: its admission needs no door lock.
    await manager.insert(TicketRedemptionEntity, {
      id: randomUUID(),
      orderId: order.id,
      kind: 'entry',
      count: guests,
      at: now,
      who: actor.name.slice(0, 60),
      role: actor.role,
      deviceId: actor.deviceId,
      offline: false,
    });
    await this.activity.record(
      manager,
      actor,
      {
        action: 'ticket.door-sale',
        object: ticketObject(order),
        detail: `${ticketLines(order.adultTickets, order.childTickets)} sold at the door for ${formatCents(order.totalCents)} ${method}, ${guests} admitted`,
        subjectId: order.id,
      },
      now,
    );
  }

  /**
   * Runs `create` under the party lock unless an order with this requestId exists (then its id,
   * if it is the same kind of order). Two copies of one request racing: the loser's insert
   * fails on the unique key, and it answers with the winner's order.
   */
  private async once(
    requestId: string,
    method: 'comp' | 'cash' | 'card',
    create: (manager: EntityManager) => Promise<string>,
  ): Promise<string> {
    const earlier = async (manager: EntityManager): Promise<string | null> => {
      const found = await manager.findOneBy(PartyOrderEntity, { requestId });
      if (!found) return null;
      if (found.paymentMethod !== method) throw new ConflictException('This requestId was already used for another order');
      return found.id;
    };
    try {
      let made = false;
      const id = await this.exclusive.run(PARTY_LOCK, async (manager) => {
        const found = await earlier(manager);
        made = found === null;
        return found ?? create(manager);
      });
      if (made) await this.countMade(method, id);
      return id;
    } catch (error) {
      if (!isDuplicate(error)) throw error;
      const found = await this.exclusive.run(PARTY_LOCK, earlier);
      if (!found) throw error;
      return found;
    }
  }

  /** A comp or a cash sale made (counted once it is committed); a card sale is counted when its payment completes. */
  private async countMade(method: 'comp' | 'cash' | 'card', orderId: string): Promise<void> {
    if (method === 'comp') this.metrics.orderSettled('comp', 'paid', 0, { throughGateway: false });
    if (method !== 'cash') return;
    const order = await this.orders.findOneBy({ id: orderId });
    this.metrics.orderSettled('door_sale', 'paid', order?.totalCents ?? 0, { throughGateway: false });
  }

  /** Under the party lock: the capacity left now for `wanted` more tickets, or a 409. */
  private async checkCapacity(manager: EntityManager, eventId: number, capacity: number, wanted: number, now: Date): Promise<void> {
    const remaining = capacity - (await ticketsTaken(manager, eventId, now));
    if (wanted > remaining) throw overCapacity(wanted, Math.max(0, remaining));
  }

  private async createComp(manager: EntityManager, request: AddGuestsRequest, actor: StaffActor): Promise<string> {
    const now = new Date();
    const tickets = await this.settings.readTickets(manager);
    const eventId = await this.seasons.readCurrentId(manager);
    await this.checkCapacity(manager, eventId, tickets.capacity, request.adults + request.children, now);
    const order = manager.create(PartyOrderEntity, {
      id: randomUUID(),
      eventId,
      status: 'paid',
      customerName: request.customerName,
      customerEmail: request.customerEmail.toLowerCase(),
      customerPhone: request.customerPhone ?? '',
      adultTickets: request.adults,
      childTickets: request.children,
      adultPriceCents: 0,
      childPriceCents: 0,
      subtotalCents: 0,
      groupDiscountPercent: 0,
      groupDiscountCents: 0,
      promoCode: null,
      promoDiscountPercent: 0,
      promoDiscountCents: 0,
      taxCents: 0,
      totalCents: 0,
      paymentIntentId: null,
      holdExpiresAt: now,
      paidAt: now,
      refundId: null,
      analyticsSessionId: null,
      emailStatus: 'pending',
      emailNextAttemptAt: now,
      clientAddress: null,
      comp: true,
      compReason: request.reason,
      paymentMethod: 'comp',
      requestId: request.requestId,
    });
    await manager.insert(PartyOrderEntity, order);
    await this.activity.record(
      manager,
      actor,
      {
        action: 'ticket.comp',
        object: ticketObject(order),
        detail: `${ticketLines(order.adultTickets, order.childTickets)} added as guests: ${request.reason}`,
        subjectId: order.id,
      },
      now,
    );
    return order.id;
  }

  /** Under the party lock: a door sale at the ticket prices; cash paid and admitted (by `actor`), card held for its payment. */
  private async createDoorSale(manager: EntityManager, request: DoorSaleRequest, actor: StaffActor | null): Promise<string> {
    const now = new Date();
    const tickets = await this.settings.readTickets(manager);
    const eventId = await this.seasons.readCurrentId(manager);
    await this.checkCapacity(manager, eventId, tickets.capacity, request.adults + request.children, now);
    const {
      discountedCents: _discounted,
      promoCodeStatus: _status,
      ...price
    } = this.quotes.price({ adultTickets: request.adults, childTickets: request.children }, tickets, { status: 'none', percentOff: 0 });
    const cash = request.paymentMethod === 'cash';
    const order = manager.create(PartyOrderEntity, {
      id: randomUUID(),
      eventId,
      status: cash ? 'paid' : 'pending',
      customerName: request.customerName || DOOR_SALE_NAME,
      customerEmail: '',
      customerPhone: '',
      ...price,
      promoCode: null,
      paymentIntentId: null,
      holdExpiresAt: cash ? now : new Date(now.getTime() + tickets.holdSeconds * 1000),
      paidAt: cash ? now : null,
      refundId: null,
      analyticsSessionId: null,
      // Nobody to e-mail: the guests are at the door.
      emailStatus: 'none',
      clientAddress: null,
      comp: false,
      compReason: null,
      paymentMethod: request.paymentMethod,
      requestId: request.requestId,
    });
    await manager.insert(PartyOrderEntity, order);
    if (cash && actor) await this.admitAll(manager, order, actor, now, 'cash');
    return order.id;
  }
}
