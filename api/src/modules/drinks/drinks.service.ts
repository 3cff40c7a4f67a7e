import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable, Logger, NotFoundException, ServiceUnavailableException, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { formatCents, type DrinkOrderReceipt, type DrinkPaymentResponse, type ValidDrinkPaymentRequest } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { secretHash, secretMatches, secretsMatch } from '../../common/secrets.js';
import { PaymentDeclines, type PaymentClient } from '../payments/payment-declines.service.js';
import { PaymentEvents } from '../payments/payment-events.service.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { DrinkMenuService, DRINKS_LOCK } from './drink-menu.service.js';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { drinkRefundKey, nextOrderNumber, toReceipt } from './drink-order.mapper.js';
import { SeasonsService } from '../seasons/seasons.service.js';

/** `metadata.type` of a pay-now drinks payment. */
export const DRINK_ORDER_TYPE = 'drink_order';

type Outcome = 'paid' | 'already-paid' | 'refund';

/**
 * Pay-now drink orders: priced on the server, paid through the gateway, and placed at the bar
 * exactly once (browser confirmation or payment event, whichever comes first), taking the stock
 * down as they are placed.
 */
@Injectable()
export class DrinksService implements OnModuleInit {
  private readonly logger = new Logger(DrinksService.name);

  constructor(
    @InjectRepository(DrinkOrderEntity) private readonly orders: Repository<DrinkOrderEntity>,
    private readonly menu: DrinkMenuService,
    private readonly gateway: PaymentGateway,
    private readonly events: PaymentEvents,
    private readonly exclusive: ExclusiveSection,
    private readonly declines: PaymentDeclines,
    private readonly seasons: SeasonsService,
  ) {}

  onModuleInit(): void {
    this.events.onOrder(DRINK_ORDER_TYPE, 'payment_intent.succeeded', (paymentIntentId) => this.onPaymentSucceeded(paymentIntentId));
  }

  /**
   * Re-prices the cart from the menu (a disagreeing price or total, or a drink out of stock, is
   * a 409 and nothing is created), records the order as pending and starts its payment.
   */
  async createPaymentIntent(request: ValidDrinkPaymentRequest, client: PaymentClient): Promise<DrinkPaymentResponse> {
    const payer: PaymentClient = { address: client.address, email: request.customerEmail };
    await this.declines.assertMayStart(payer);
    const { lines, price } = await this.menu.priceOrder(request.items, request.total);
    const order = this.orders.create({
      id: randomUUID(),
      eventId: await this.seasons.currentId(),
      number: null,
      status: 'pending',
      barStatus: 'new',
      tabId: null,
      customerName: request.customerName,
      customerEmail: request.customerEmail ?? null,
      customerPhone: request.customerPhone ?? null,
      tableNumber: request.tableNumber ?? null,
      items: JSON.stringify(lines),
      subtotalCents: price.subtotalCents,
      taxCents: price.taxCents,
      totalCents: price.totalCents,
      paymentIntentId: null,
      clientSecretHash: null,
      placedAt: null,
      refundId: null,
      failureReason: null,
    });
    await this.exclusive.run(DRINKS_LOCK, (manager) => manager.insert(DrinkOrderEntity, order));

    try {
      const intent = await this.gateway.createPaymentIntent({
        amountCents: order.totalCents,
        description: `Drinks: ${lines.map((l) => `${l.quantity} x ${l.name}`).join(', ')}`.slice(0, 500),
        metadata: { type: DRINK_ORDER_TYPE, orderId: order.id, ...PaymentDeclines.metadataOf(payer) },
        idempotencyKey: `drink-order-${order.id}`,
        receiptEmail: order.customerEmail ?? undefined,
      });
      await this.exclusive.run(DRINKS_LOCK, (manager) =>
        manager.update(
          DrinkOrderEntity,
          { id: order.id },
          { paymentIntentId: intent.id, clientSecretHash: secretHash(intent.clientSecret) },
        ),
      );
      return { clientSecret: intent.clientSecret, orderId: order.id };
    } catch (error) {
      await this.exclusive.run(DRINKS_LOCK, (manager) =>
        manager.update(DrinkOrderEntity, { id: order.id, status: 'pending' }, { status: 'cancelled' }),
      );
      this.logger.error(`Could not start the payment of drink order ${order.id}: ${String(error)}`);
      throw new ServiceUnavailableException('Error creating payment. Please try again.');
    }
  }

  /**
   * The browser's confirmation after the card succeeded. Confirming again is harmless. The
   * guest's name is in the answer only for a caller holding the payment's client secret.
   */
  async confirmPayment(paymentIntentId: string, clientSecret?: string): Promise<DrinkOrderReceipt> {
    const order = await this.orders.findOneBy({ paymentIntentId });
    if (!order) throw new NotFoundException('No drink order for this payment');
    if (order.status !== 'paid') {
      const outcome = await this.complete(order);
      if (outcome === 'refund') {
        const refunded = await this.orders.findOneByOrFail({ id: order.id });
        throw new ConflictException(refunded.failureReason ?? 'Your payment is being refunded in full.');
      }
    }
    const current = await this.orders.findOneByOrFail({ id: order.id });
    const receipt = toReceipt(current);
    if (await this.holdsSecret(current, clientSecret)) return receipt;
    const { customerName: _name, ...anonymous } = receipt;
    return anonymous;
  }

  /**
   * Whether the caller holds the order's client secret: checked against the hash kept with the
   * order; an order started before that hash was kept asks the gateway for its intent.
   */
  private async holdsSecret(order: DrinkOrderEntity, clientSecret: string | undefined): Promise<boolean> {
    if (!clientSecret) return false;
    if (order.clientSecretHash) return secretMatches(clientSecret, order.clientSecretHash);
    const intent = order.paymentIntentId ? await this.gateway.retrievePaymentIntent(order.paymentIntentId) : undefined;
    return !!intent && secretsMatch(intent.clientSecret, clientSecret);
  }

  /** The webhook path (or the simulated gateway's event): the same completion, idempotent. */
  private async onPaymentSucceeded(paymentIntentId: string): Promise<void> {
    const order = await this.orders.findOneBy({ paymentIntentId });
    if (!order || order.status === 'paid' || order.status === 'refunded') return;
    await this.complete(order);
  }

  /**
   * Places a paid order at the bar exactly once, after checking with the gateway that the
   * payment succeeded for this order and amount. If a drink sold out while the guest paid, the
   * payment is refunded and the guest told.
   */
  private async complete(order: DrinkOrderEntity): Promise<Outcome> {
    if (order.status === 'refunding' || order.status === 'refunded') {
      await this.refundQuietly(order.id);
      return 'refund';
    }
    const paymentIntentId = order.paymentIntentId;
    const intent = paymentIntentId ? await this.gateway.retrievePaymentIntent(paymentIntentId) : undefined;
    if (!intent || intent.status !== 'succeeded') throw new ConflictException('Payment was not completed');
    if (intent.amountCents !== order.totalCents || intent.metadata.orderId !== order.id) {
      this.logger.error(`Payment ${intent.id} does not match drink order ${order.id}`);
      throw new ConflictException('This payment does not match the order');
    }

    const outcome = await this.exclusive.run(DRINKS_LOCK, async (manager): Promise<Outcome> => {
      const current = await manager.findOneByOrFail(DrinkOrderEntity, { id: order.id });
      if (current.status === 'paid') return 'already-paid';
      if (current.status === 'refunding' || current.status === 'refunded') return 'refund';
      const short = await this.menu.shortage(manager, current.lines);
      if (short) {
        await manager.update(
          DrinkOrderEntity,
          { id: current.id, status: In(['pending', 'cancelled']) },
          {
            status: 'refunding',
            failureReason: `Sorry, ${short.line.name} ran out while you were paying. Your payment of ${formatCents(current.totalCents)} is being refunded in full.`,
          },
        );
        return 'refund';
      }
      await this.menu.takeStock(manager, current.lines);
      await manager.update(
        DrinkOrderEntity,
        { id: current.id, status: In(['pending', 'cancelled']) },
        { status: 'paid', number: await nextOrderNumber(manager), barStatus: 'new', placedAt: new Date() },
      );
      return 'paid';
    });

    if (outcome === 'paid') this.logger.log(`Drink order ${order.id} paid and sent to the bar`);
    if (outcome === 'refund') await this.refundQuietly(order.id);
    return outcome;
  }

  /** Refunds that did not go through (the gateway could not be reached) are tried again. */
  async retryRefunds(): Promise<void> {
    const stuck = await this.orders.find({ where: { status: 'refunding' }, order: { updatedAt: 'ASC' }, take: 50 });
    for (const order of stuck) await this.refundQuietly(order.id);
  }

  /** A refund that fails stays `refunding`, and the background job tries it again. */
  private async refundQuietly(orderId: string): Promise<void> {
    try {
      await this.refund(orderId);
    } catch (error) {
      this.logger.error(`Refunding drink order ${orderId} failed; it will be retried: ${String(error)}`);
    }
  }

  private async refund(orderId: string): Promise<void> {
    const order = await this.orders.findOneByOrFail({ id: orderId });
    if (order.status !== 'refunding' || !order.paymentIntentId) return;
    const refund = await this.gateway.refundPayment(order.paymentIntentId, drinkRefundKey(order.id));
    await this.exclusive.run(DRINKS_LOCK, (manager) =>
      manager.update(
        DrinkOrderEntity,
        { id: order.id, status: 'refunding' },
        { status: 'refunded', refundId: refund.id, refundedCents: order.totalCents, refundedAt: new Date() },
      ),
    );
    this.logger.warn(`Drink order ${order.id} refunded: a drink sold out before it reached the bar`);
  }
}
