import { createHmac, randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Not, Repository } from 'typeorm';
import type { KeptCardView } from '@festival/contracts';
import { secretHash } from '../../common/secrets.js';
import { publicBaseUrl, type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { KeptCardEntity } from './kept-card.entity.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

/** The party order a card is kept with, as the tickets module tells it. */
export interface KeepingOrder {
  orderId: string;
  eventId: number;
  paymentIntentId: string;
  customerName: string;
  customerEmail: string | null;
}

/** A kept card ready to be charged for a tab. */
export interface UsableKeptCard {
  orderId: string;
  eventId: number;
  customerId: string;
  paymentMethodId: string;
  customerName: string;
  customerEmail: string | null;
}

/**
 * The card a party buyer keeps for drinks at the party (docs/guest-account.md, "The card kept
 * for drinks"). The box on the payment step asks the gateway to keep the card on a customer made
 * once per order; the paid order's card is recorded; the `Open my drinks tab` link's token is
 * computed from the row's id with the session secret (like a waitlist offer's), so only its hash
 * is stored. Forgetting detaches the card at the gateway: it can never be charged again.
 */
@Injectable()
export class KeptCardsService {
  private readonly logger = new Logger(KeptCardsService.name);

  constructor(
    @InjectRepository(KeptCardEntity) private readonly cards: Repository<KeptCardEntity>,
    private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Ticked (or unticked) before paying: the unpaid intent keeps the card on the order's customer, or none. */
  async choose(order: KeepingOrder, keep: boolean): Promise<void> {
    const existing = await this.cards.findOneBy({ orderId: order.orderId });
    if (!keep) {
      await this.gateway.setKeepCard(order.paymentIntentId, null);
      if (existing && !existing.paymentMethodId) await this.cards.delete({ id: existing.id, paymentMethodId: IsNull() });
      return;
    }
    let card = existing;
    if (!card) {
      const customer = await this.gateway.createCustomer({
        name: order.customerName,
        email: order.customerEmail ?? undefined,
        idempotencyKey: `kept-card-customer-${order.orderId}`,
      });
      const id = randomUUID();
      card = this.cards.create({
        id,
        orderId: order.orderId,
        eventId: order.eventId,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        customerId: customer.id,
        paymentMethodId: null,
        brand: null,
        last4: null,
        tokenHash: secretHash(this.tokenOf(id)),
        createdAt: new Date(),
        forgottenAt: null,
      });
      try {
        await this.cards.insert(card);
      } catch (error) {
        // The same box ticked twice at once: one row, the first.
        const winner = await this.cards.findOneBy({ orderId: order.orderId });
        if (!winner) throw error;
        card = winner;
      }
    }
    await this.gateway.setKeepCard(order.paymentIntentId, { customerId: card.customerId });
  }

  /**
   * The order is paid: when its payment kept the card, the card is recorded (brand and last
   * four). Idempotent; an order whose box was not ticked asks the gateway nothing.
   */
  async recordPaid(orderId: string, paymentIntentId: string | null): Promise<KeptCardEntity | null> {
    const card = await this.cards.findOneBy({ orderId });
    if (!card || card.paymentMethodId || card.forgottenAt || !paymentIntentId) return card;
    const intent = await this.gateway.retrievePaymentIntent(paymentIntentId);
    if (intent?.status !== 'succeeded' || !intent.paymentMethodId || intent.customerId !== card.customerId) return card;
    const recorded = { paymentMethodId: intent.paymentMethodId, brand: intent.card?.brand ?? null, last4: intent.card?.last4 ?? null };
    await this.cards.update({ id: card.id, paymentMethodId: IsNull() }, recorded);
    this.logger.log(`Card kept for drinks with order ${orderId}`);
    return { ...card, ...recorded };
  }

  /** The confirmation e-mail's `Open my drinks tab` link of a paid order, when a card is kept with it. */
  async linkOf(orderId: string, paymentIntentId: string | null): Promise<string | null> {
    const card = await this.recordPaid(orderId, paymentIntentId);
    if (!card?.paymentMethodId || card.forgottenAt) return null;
    return `${publicBaseUrl(this.config)}/drinks?ticket=${this.tokenOf(card.id)}`;
  }

  /** The cards still kept with these orders (recorded and not forgotten), by order id. */
  async keptWith(orderIds: readonly string[]): Promise<Map<string, { brand: string; last4: string }>> {
    const kept = new Map<string, { brand: string; last4: string }>();
    if (orderIds.length === 0) return kept;
    const rows = await this.cards.find({ where: { orderId: In([...orderIds]), forgottenAt: IsNull(), paymentMethodId: Not(IsNull()) } });
    for (const card of rows) kept.set(card.orderId, { brand: card.brand ?? 'card', last4: card.last4 ?? '····' });
    return kept;
  }

  /** The card a link stands for: 404 for an unknown link, 409 `This card was forgotten`. */
  async view(token: string): Promise<KeptCardView> {
    const card = await this.usable(token);
    return { brand: card.brand ?? 'card', last4: card.last4 ?? '····', customerName: card.customerName };
  }

  /** The card to open a tab on, from the link's token (same refusals as `view`). */
  async forTab(token: string): Promise<UsableKeptCard> {
    const card = await this.usable(token);
    return {
      orderId: card.orderId,
      eventId: card.eventId,
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId!,
      customerName: card.customerName,
      customerEmail: card.customerEmail,
    };
  }

  /** The order a link's card is kept with (404 for an unknown link), forgotten or not. */
  async orderOfToken(token: string): Promise<string> {
    return (await this.byToken(token)).orderId;
  }

  /** Forgets the card kept with an order: detached at the gateway, then marked forgotten. Harmless when there is none. */
  async forget(orderId: string): Promise<void> {
    const card = await this.cards.findOneBy({ orderId });
    if (!card || card.forgottenAt) return;
    if (card.paymentMethodId) await this.gateway.detachCard(card.paymentMethodId);
    await this.cards.update({ id: card.id, forgottenAt: IsNull() }, { forgottenAt: new Date() });
    this.logger.log(`Card kept with order ${orderId} forgotten`);
  }

  /** The season ended: every card kept for its party is forgotten. A card the gateway could not reach is tried on the next call. */
  async forgetSeason(eventId: number): Promise<number> {
    const kept = await this.cards.find({ where: { eventId, forgottenAt: IsNull(), paymentMethodId: Not(IsNull()) } });
    let forgotten = 0;
    for (const card of kept) {
      try {
        await this.forget(card.orderId);
        forgotten += 1;
      } catch (error) {
        this.logger.error(`Could not forget the card kept with order ${card.orderId}: ${String(error)}`);
      }
    }
    // Boxes ticked on orders never paid keep nothing to detach.
    await this.cards.update({ eventId, forgottenAt: IsNull(), paymentMethodId: IsNull() }, { forgottenAt: new Date() });
    return forgotten;
  }

  private tokenOf(id: string): string {
    return createHmac('sha256', this.config.admin.sessionSecret).update(`kept-card\0${id}`).digest('base64url');
  }

  private async byToken(token: string): Promise<KeptCardEntity> {
    const card = await this.cards.findOneBy({ tokenHash: secretHash(token) });
    if (!card?.paymentMethodId) throw new GuestRefusal(HttpStatus.NOT_FOUND, GUEST_REFUSALS.cardLinkInvalid);
    return card;
  }

  private async usable(token: string): Promise<KeptCardEntity> {
    const card = await this.byToken(token);
    if (card.forgottenAt) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.cardForgotten);
    return card;
  }
}
