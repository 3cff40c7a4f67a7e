import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import {
  orderReference,
  pickupDateLabel,
  pickupTimeLabel,
  priceFeastOrder,
  type FeastOrderIntent,
  type FeastOrderIntentResponse,
  type FeastOrderLine,
  type FeastOrderReceipt,
} from '@festival/contracts';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { MailOutbox } from '../mail/mail-outbox.js';
import { FeastOrderEntity } from './feast-order.entity.js';
import { PaymentDeclines, type PaymentClient } from '../payments/payment-declines.service.js';
import {
  HeldOrderCompletion,
  heldFromAddress,
  holdIsLive,
  type ConfirmableOrderKind,
} from '../payments/order-lifecycle/held-order-completion.js';
import { LapsedHolds } from '../payments/order-lifecycle/lapsed-holds.js';
import { PaymentConfirmations } from '../payments/order-lifecycle/payment-confirmations.js';
import { SeasonEntity } from '../seasons/season.entity.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { TicketSettingsService } from '../settings/ticket-settings.service.js';
import { FeastCatalogService, FEAST_LOCK, packsTakenBySlot } from './feast-catalog.service.js';
import { FeastEmailService } from './feast-email.service.js';
import { feastLateReasonIn } from './feast-email.templates.js';
import { LATE_PREORDER_REASONS } from './late-payment-reasons.js';
import { FeastPackEntity } from './feast-pack.entity.js';
import { FeastPickupSlotEntity } from './feast-pickup-slot.entity.js';
import { ConsentRecords } from '../privacy/consent-records.service.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

export const FEAST_ORDER_TYPE = 'feast_order';

/**
 * Feast pack pre-orders (docs/feast-packs.md): packs held against their pickup time while the
 * buyer pays, the payment completed exactly once (browser confirmation or payment event), and a
 * late payment the full pickup time cannot honour refunded — the party tickets' rules.
 */
@Injectable()
export class FeastOrdersService implements OnModuleInit {
  constructor(
    @InjectRepository(FeastOrderEntity) private readonly orders: Repository<FeastOrderEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly completion: HeldOrderCompletion,
    private readonly lapsedHolds: LapsedHolds,
    private readonly confirmations: PaymentConfirmations,
    private readonly exclusive: ExclusiveSection,
    private readonly analytics: AnalyticsService,
    private readonly declines: PaymentDeclines,
    private readonly settings: TicketSettingsService,
    private readonly seasons: SeasonsService,
    private readonly catalog: FeastCatalogService,
    private readonly email: FeastEmailService,
    private readonly consent: ConsentRecords,
  ) {}

  onModuleInit(): void {
    this.completion.completeOnPaymentEvents(this.kind);
    this.lapsedHolds.register(this.kind);
    this.confirmations.register(FEAST_ORDER_TYPE, (paymentIntentId, clientSecret) => this.confirmPayment(paymentIntentId, clientSecret));
  }

  /**
   * Re-prices the cart at the packs and tax rate read under the feast lock, holds its packs
   * against the pickup time in the same step, then starts the payment. Closed pre-orders, a
   * pack that is hidden or unknown, a full pickup time or a total that disagrees with the
   * server's is a 409 and nothing is created. A buyer holds one pre-order at a time (a new one
   * from the same e-mail address releases the last unpaid one), and one client address holds
   * at most HOLD_TICKETS_PER_ADDRESS packs.
   */
  async createIntent(request: FeastOrderIntent, client: PaymentClient): Promise<FeastOrderIntentResponse> {
    const email = request.customerEmail.toLowerCase();
    await this.declines.assertMayStart({ address: client.address, email });
    const now = new Date();
    const { order, released } = await this.exclusive.run(FEAST_LOCK, async (manager) => {
      const eventId = await this.seasons.readCurrentId(manager);
      const event = await manager.findOneByOrFail(SeasonEntity, { id: eventId });
      if (!event.feastPreordersOpen) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.feastClosed);
      const slot = await manager.findOneBy(FeastPickupSlotEntity, { id: request.slotId, eventId });
      if (!slot) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.pickupGone);
      const packs = await manager.findBy(FeastPackEntity, { eventId, id: In(request.items.map((item) => item.packId)) });
      const lines: FeastOrderLine[] = request.items.map((item) => {
        const pack = packs.find((candidate) => candidate.id === item.packId);
        if (!pack || pack.hidden) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.packGone);
        return { packId: pack.id, name: pack.name, quantity: item.quantity, price: pack.priceCents };
      });
      const { taxRateBasisPoints, holdSeconds } = await this.settings.readTicketsOf(manager, eventId);
      const price = priceFeastOrder(lines, taxRateBasisPoints);
      if (request.totalAmount !== price.totalCents) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.feastTotalChanged);

      // This buyer's last unpaid hold is released, and its payment cancelled once this commits.
      const previous = await manager.find(FeastOrderEntity, {
        where: { customerEmail: email, status: 'pending' },
        select: { id: true, paymentIntentId: true },
      });
      if (previous.length > 0) {
        await manager.update(FeastOrderEntity, { id: In(previous.map((o) => o.id)), status: 'pending' }, { status: 'cancelled' });
      }
      const packCount = lines.reduce((sum, line) => sum + line.quantity, 0);
      if (
        (await heldFromAddress(manager, FeastOrderEntity, 'o.packCount', now, client.address)) + packCount >
        this.config.holdTicketsPerAddress
      ) {
        throw new GuestRefusal(HttpStatus.TOO_MANY_REQUESTS, GUEST_REFUSALS.packsHeldFromNetwork);
      }
      const taken = (await packsTakenBySlot(manager, [slot.id], now)).get(slot.id) ?? 0;
      const left = slot.capacity - taken;
      if (left <= 0) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.pickupFull);
      if (packCount > left) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.packsLeft, { left });

      const created = manager.create(FeastOrderEntity, {
        id: randomUUID(),
        eventId,
        status: 'pending',
        customerName: request.customerName,
        customerEmail: email,
        customerPhone: request.customerPhone,
        language: request.language ?? 'en',
        slotId: slot.id,
        pickupDate: pickupDateLabel(slot.date),
        pickupTime: pickupTimeLabel(slot.time),
        items: JSON.stringify(lines),
        packCount,
        ...price,
        paymentIntentId: null,
        holdExpiresAt: new Date(now.getTime() + holdSeconds * 1000),
        paidAt: null,
        refundId: null,
        analyticsSessionId: request.sessionId ?? null,
        clientAddress: client.address,
        emailStatus: 'none',
        pickedUpAt: null,
        pickedUpBy: null,
      });
      await manager.insert(FeastOrderEntity, created);
      await this.consent.record(
        {
          email: email,
          phone: request.customerPhone,
          agreed: request.newsConsent ?? false,
          page: 'feast',
          seasonId: String(eventId),
          subjectId: created.id,
        },
        now,
        manager,
      );
      return { order: created, released: previous.map((o) => o.paymentIntentId) };
    });

    await this.completion.cancelPayments(released);
    const intent = await this.completion.startPayment(this.kind, order, {
      description: `Feast pack pre-order: ${order.packCount} ${order.packCount === 1 ? 'pack' : 'packs'}`,
      metadata: PaymentDeclines.metadataOf({ address: client.address, email }),
      idempotencyKey: `feast-order-${order.id}`,
      receiptEmail: order.customerEmail,
      unavailable: GUEST_REFUSALS.paymentNotStarted,
      released: () => this.catalog.catalogAnswer.invalidate(),
    });
    return { clientSecret: intent.clientSecret, orderId: order.id, holdExpiresAt: order.holdExpiresAt!.toISOString() };
  }

  /**
   * The browser's confirmation after the card succeeded (`POST /api/confirm-payment` with
   * `type: "feast_order"`), through the one lifecycle; confirming again is harmless. The buyer's
   * name and e-mail are in the answer only for the caller holding the payment's client secret.
   */
  async confirmPayment(paymentIntentId: string, clientSecret?: string): Promise<FeastOrderReceipt> {
    const { order: paid, holdsSecret } = await this.completion.confirm(this.kind, paymentIntentId, clientSecret);
    const receipt: FeastOrderReceipt = {
      orderId: paid.id,
      reference: orderReference(paid.id),
      status: 'paid',
      pickupDate: paid.pickupDate,
      pickupTime: paid.pickupTime,
      items: JSON.parse(paid.items) as FeastOrderLine[],
      subtotalCents: paid.subtotalCents,
      taxCents: paid.taxCents,
      totalCents: paid.totalCents,
      paidAt: (paid.paidAt ?? paid.createdAt).toISOString(),
    };
    return holdsSecret ? { ...receipt, customerName: paid.customerName, customerEmail: paid.customerEmail } : receipt;
  }

  /**
   * Why a payment for `order` cannot be honoured now (under the feast lock), or null
   * (docs/RELIABILITY.md, "Late payments"). A live hold keeps the terms it was held at; a hold
   * that was released or has lapsed is honoured only as a new pre-order would be now: its season
   * still on sale with pre-orders open, its pickup time offered with room, every pack still
   * offered, and a price no lower than today's.
   */
  private async latePaymentRefusal(manager: EntityManager, order: FeastOrderEntity, now: Date): Promise<string | null> {
    if (holdIsLive(order, now)) return null;
    const eventId = await this.seasons.readCurrentId(manager);
    const event = await manager.findOneBy(SeasonEntity, { id: eventId });
    if (order.eventId !== eventId || !event?.feastPreordersOpen) return LATE_PREORDER_REASONS.closed;
    const slot = order.slotId ? await manager.findOneBy(FeastPickupSlotEntity, { id: order.slotId, eventId }) : null;
    if (!slot || slot.capacity - ((await packsTakenBySlot(manager, [slot.id], now)).get(slot.id) ?? 0) < order.packCount) {
      return LATE_PREORDER_REASONS.full;
    }
    const lines = JSON.parse(order.items) as FeastOrderLine[];
    const packs = await manager.findBy(FeastPackEntity, { eventId, id: In(lines.map((line) => line.packId)) });
    const today: FeastOrderLine[] = [];
    for (const line of lines) {
      const pack = packs.find((candidate) => candidate.id === line.packId);
      if (!pack || pack.hidden) return LATE_PREORDER_REASONS.packGone;
      today.push({ ...line, price: pack.priceCents });
    }
    const { taxRateBasisPoints } = await this.settings.readTicketsOf(manager, eventId);
    return priceFeastOrder(today, taxRateBasisPoints).totalCents > order.totalCents ? LATE_PREORDER_REASONS.priceRose : null;
  }

  /**
   * Feast pre-orders in the one order lifecycle: a payment is honoured while its hold is live, or
   * after it lapsed when its pickup time still has room; paid, the confirmation e-mail is queued
   * and the feast funnel's last step recorded; otherwise refunded and the buyer told.
   */
  private readonly kind: ConfirmableOrderKind<FeastOrderEntity> = {
    paymentType: FEAST_ORDER_TYPE,
    label: 'Pre-order',
    lock: FEAST_LOCK,
    entity: FeastOrderEntity,
    notFound: 'No feast pack pre-order for this payment',
    refundedAnswer: (order) =>
      new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.feastLateRefunded, (language) => ({
        reason: feastLateReasonIn(language, order.failureReason ?? LATE_PREORDER_REASONS.full),
      })),
    refusal: async (manager, order, now) => {
      const reason = await this.latePaymentRefusal(manager, order, now);
      return reason ? { failureReason: reason } : null;
    },
    pay: async (_manager, _order, now) => ({ paidAt: now, ...MailOutbox.queuedNow(now) }),
    paid: async (order) => {
      this.email.sendSoon();
      // The feast funnel's last step, tied to the buyer's browsing session for attribution.
      await this.analytics.recordServerEvent({
        eventType: 'order_completed',
        eventId: order.eventId,
        entityId: order.id,
        sessionId: order.analyticsSessionId,
        userName: order.customerName,
        userEmail: order.customerEmail,
        userPhone: order.customerPhone,
        metadata: { packs: order.packCount, totalCents: order.totalCents },
      });
    },
    refundKey: (order) => `feast-refund-${order.id}`,
    refunded: (order, now) => ({ refundedCents: order.totalCents, refundedAt: now }),
    afterRefund: (order) => this.email.sendRefund(order, 'late-payment'),
  };
}
