import { randomUUID } from 'node:crypto';
import {
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
  FEAST_REFUSALS,
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
import { FeastOrderEntity } from '../orders/feast-order.entity.js';
import { PaymentDeclines, type PaymentClient } from '../payments/payment-declines.service.js';
import { PaymentEvents } from '../payments/payment-events.service.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { FestivalEventEntity } from '../seasons/festival-event.entity.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { holdsPaymentSecret, paymentLookup, type PaymentLookup } from '../tickets/payment-secret.js';
import { FeastCatalogService, FEAST_LOCK, packsTakenBySlot } from './feast-catalog.service.js';
import { FeastEmailService } from './feast-email.service.js';
import { FeastPackEntity } from './feast-pack.entity.js';
import { FeastPickupSlotEntity } from './feast-pickup-slot.entity.js';

export const FEAST_ORDER_TYPE = 'feast_order';

type Outcome = 'paid' | 'already-paid' | 'refund';

/**
 * Feast pack pre-orders (docs/feast-packs.md): packs held against their pickup time while the
 * buyer pays, the payment completed exactly once (browser confirmation or payment event), and a
 * late payment the full pickup time cannot honour refunded — the party tickets' rules.
 */
@Injectable()
export class FeastOrdersService implements OnModuleInit {
  private readonly logger = new Logger(FeastOrdersService.name);

  constructor(
    @InjectRepository(FeastOrderEntity) private readonly orders: Repository<FeastOrderEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gateway: PaymentGateway,
    private readonly events: PaymentEvents,
    private readonly exclusive: ExclusiveSection,
    private readonly analytics: AnalyticsService,
    private readonly declines: PaymentDeclines,
    private readonly settings: SettingsService,
    private readonly seasons: SeasonsService,
    private readonly catalog: FeastCatalogService,
    private readonly email: FeastEmailService,
  ) {}

  onModuleInit(): void {
    this.events.onOrder(FEAST_ORDER_TYPE, 'payment_intent.succeeded', (paymentIntentId) => this.onPaymentSucceeded(paymentIntentId));
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
    const order = await this.exclusive.run(FEAST_LOCK, async (manager) => {
      const eventId = await this.seasons.readCurrentId(manager);
      const event = await manager.findOneByOrFail(FestivalEventEntity, { id: eventId });
      if (!event.feastPreordersOpen) throw new ConflictException(FEAST_REFUSALS.closed);
      const slot = await manager.findOneBy(FeastPickupSlotEntity, { id: request.slotId, eventId });
      if (!slot) throw new ConflictException('This pickup time is no longer offered — please choose another');
      const packs = await manager.findBy(FeastPackEntity, { eventId, id: In(request.items.map((item) => item.packId)) });
      const lines: FeastOrderLine[] = request.items.map((item) => {
        const pack = packs.find((candidate) => candidate.id === item.packId);
        if (!pack || pack.hidden) throw new ConflictException('A feast pack in your cart is no longer offered — please review your order');
        return { packId: pack.id, name: pack.name, quantity: item.quantity, price: pack.priceCents };
      });
      const { taxRateBasisPoints, holdSeconds } = await this.settings.readTicketsOf(manager, eventId);
      const price = priceFeastOrder(lines, taxRateBasisPoints);
      if (request.totalAmount !== price.totalCents) throw new ConflictException(FEAST_REFUSALS.totalChanged);

      await manager.update(FeastOrderEntity, { customerEmail: email, status: 'pending' }, { status: 'cancelled' });
      const packCount = lines.reduce((sum, line) => sum + line.quantity, 0);
      if ((await this.heldFrom(manager, now, client.address)) + packCount > this.config.holdTicketsPerAddress) {
        throw new HttpException(
          'Too many packs are waiting for payment from your network. Please complete or cancel those payments, or try again in a few minutes.',
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
      const taken = (await packsTakenBySlot(manager, [slot.id], now)).get(slot.id) ?? 0;
      const left = slot.capacity - taken;
      if (left <= 0) throw new ConflictException(FEAST_REFUSALS.full);
      if (packCount > left) throw new ConflictException(`Only ${left} ${left === 1 ? 'pack is' : 'packs are'} left for this pickup time`);

      const created = manager.create(FeastOrderEntity, {
        id: randomUUID(),
        eventId,
        status: 'pending',
        customerName: request.customerName,
        customerEmail: email,
        customerPhone: request.customerPhone,
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
      return created;
    });

    try {
      const intent = await this.gateway.createPaymentIntent({
        amountCents: order.totalCents,
        description: `Feast pack pre-order: ${order.packCount} ${order.packCount === 1 ? 'pack' : 'packs'}`,
        metadata: { type: FEAST_ORDER_TYPE, orderId: order.id, ...PaymentDeclines.metadataOf({ address: client.address, email }) },
        idempotencyKey: `feast-order-${order.id}`,
        receiptEmail: order.customerEmail,
      });
      await this.orders.update({ id: order.id }, { paymentIntentId: intent.id });
      return { clientSecret: intent.clientSecret, orderId: order.id, holdExpiresAt: order.holdExpiresAt!.toISOString() };
    } catch (error) {
      // Release the hold at once: the buyer could not even start paying.
      await this.orders.update({ id: order.id, status: 'pending' }, { status: 'cancelled' });
      this.catalog.catalogAnswer.invalidate();
      this.logger.error(`Could not start the payment of pre-order ${order.id}: ${String(error)}`);
      throw new ServiceUnavailableException('Failed to initialize payment. Please try again.');
    }
  }

  /** Packs held unpaid (live holds) by pre-orders started from this client address. */
  private async heldFrom(manager: EntityManager, now: Date, address: string): Promise<number> {
    const row = await manager
      .createQueryBuilder(FeastOrderEntity, 'o')
      .select('COALESCE(SUM(o.packCount), 0)', 'held')
      .where("o.status = 'pending' AND o.holdExpiresAt > :now AND o.clientAddress = :address", { now, address })
      .getRawOne<{ held: string | number }>();
    return Number(row?.held ?? 0);
  }

  /**
   * The browser's confirmation after the card succeeded (`POST /api/confirm-payment` with
   * `type: "feast_order"`); confirming again is harmless. The buyer's name and e-mail are in the
   * answer only for the caller holding the payment's client secret.
   */
  async confirmPayment(paymentIntentId: string, clientSecret?: string): Promise<FeastOrderReceipt> {
    const order = await this.orders.findOneBy({ paymentIntentId });
    if (!order) throw new NotFoundException('No feast pack pre-order for this payment');
    const payment = paymentLookup(this.gateway, paymentIntentId);
    if (order.status !== 'paid') {
      const outcome = await this.complete(order, payment);
      if (outcome === 'refund') {
        throw new ConflictException(
          'Your payment went through after your packs were released, and the pickup time filled up meanwhile. It has been refunded in full.',
        );
      }
    }
    const paid = await this.orders.findOneByOrFail({ id: order.id });
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
    if (await holdsPaymentSecret(payment, clientSecret)) {
      return { ...receipt, customerName: paid.customerName, customerEmail: paid.customerEmail };
    }
    return receipt;
  }

  /** The webhook path (or the simulated gateway's event): the same completion, idempotent. */
  private async onPaymentSucceeded(paymentIntentId: string): Promise<void> {
    const order = await this.orders.findOneBy({ paymentIntentId });
    if (!order || order.status === 'paid' || order.status === 'refunded') return;
    await this.complete(order);
  }

  /**
   * Marks a pre-order paid exactly once, after checking with the gateway that its payment
   * succeeded for this order and amount. A payment that arrives after its hold lapsed is
   * honoured when its pickup time has room, otherwise refunded and the buyer told.
   */
  private async complete(
    order: FeastOrderEntity,
    payment: PaymentLookup = paymentLookup(this.gateway, order.paymentIntentId),
  ): Promise<Outcome> {
    const intent = await payment();
    if (!intent || intent.status !== 'succeeded') throw new ConflictException('Payment was not completed');
    if (intent.amountCents !== order.totalCents || intent.metadata.orderId !== order.id) {
      this.logger.error(`Payment ${intent.id} does not match pre-order ${order.id}`);
      throw new ConflictException('This payment does not match the order');
    }

    const now = new Date();
    const outcome = await this.exclusive.run(FEAST_LOCK, async (manager): Promise<Outcome> => {
      const current = await manager.findOneByOrFail(FeastOrderEntity, { id: order.id });
      if (current.status === 'paid') return 'already-paid';
      if (current.status === 'refunding' || current.status === 'refunded') return 'refund';
      const holdLive = current.status === 'pending' && (current.holdExpiresAt?.getTime() ?? 0) > now.getTime();
      const slot = current.slotId ? await manager.findOneBy(FeastPickupSlotEntity, { id: current.slotId }) : null;
      const fits =
        holdLive ||
        (slot !== null && slot.capacity - ((await packsTakenBySlot(manager, [slot.id], now)).get(slot.id) ?? 0) >= current.packCount);
      if (!fits) {
        await manager.update(FeastOrderEntity, { id: current.id }, { status: 'refunding' });
        return 'refund';
      }
      await manager.update(
        FeastOrderEntity,
        { id: current.id, status: In(['pending', 'cancelled']) },
        { status: 'paid', paidAt: now, ...MailOutbox.queuedNow(now) },
      );
      return 'paid';
    });

    if (outcome === 'paid') {
      this.logger.log(`Pre-order ${order.id} paid`);
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
    } else if (outcome === 'refund') {
      await this.refund(order.id);
    }
    return outcome;
  }

  private async refund(orderId: string): Promise<void> {
    const order = await this.orders.findOneByOrFail({ id: orderId });
    if (order.status !== 'refunding' || !order.paymentIntentId) return;
    const refund = await this.gateway.refundPayment(order.paymentIntentId, `feast-refund-${order.id}`);
    const changed = await this.orders.update(
      { id: order.id, status: 'refunding' },
      {
        status: 'refunded',
        refundId: refund.id,
        refundedCents: order.totalCents,
        refundedAt: new Date(),
      },
    );
    if (changed.affected) await this.email.sendRefund(order, 'pickup-full');
  }
}
