import { randomUUID } from 'node:crypto';
import { BadRequestException, HttpStatus, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  formatCents,
  tipCentsOf,
  tipFits,
  tipTooLargeMessage,
  type DrinkOrderReceipt,
  type DrinkPaymentResponse,
  type ValidDrinkPaymentRequest,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { PaymentDeclines, type PaymentClient } from '../payments/payment-declines.service.js';
import { HeldOrderCompletion, type ConfirmableOrderKind } from '../payments/order-lifecycle/held-order-completion.js';
import { DrinkMenuService, DRINKS_LOCK } from './drink-menu.service.js';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { drinkRefundKey, nextOrderNumber, toReceipt } from './drink-order.mapper.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';
import { DrinkReceipts } from './receipts/drink-receipts.service.js';

/** `metadata.type` of a pay-now drinks payment. */
export const DRINK_ORDER_TYPE = 'drink_order';

/** A drink that ran out while `order` was being paid: its payment is refunded (a 409 in the page's language). */
const ranOut = (order: DrinkOrderEntity, drink: string) =>
  new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.drinkRanOut, { drink, total: formatCents(order.totalCents) });

/**
 * Pay-now drink orders: priced on the server, paid through the gateway, and placed at the bar
 * exactly once (browser confirmation or payment event, whichever comes first), taking the stock
 * down as they are placed.
 */
@Injectable()
export class DrinksService implements OnModuleInit {
  constructor(
    @InjectRepository(DrinkOrderEntity) private readonly orders: Repository<DrinkOrderEntity>,
    private readonly menu: DrinkMenuService,
    private readonly completion: HeldOrderCompletion,
    private readonly exclusive: ExclusiveSection,
    private readonly declines: PaymentDeclines,
    private readonly seasons: SeasonsService,
    private readonly receipts: DrinkReceipts,
  ) {}

  onModuleInit(): void {
    this.completion.completeOnPaymentEvents(this.kind);
  }

  /**
   * Re-prices the cart from the menu (a disagreeing price or total, or a drink out of stock, is
   * a 409 and nothing is created), records the order as pending and starts its payment.
   */
  async createPaymentIntent(request: ValidDrinkPaymentRequest, client: PaymentClient): Promise<DrinkPaymentResponse> {
    const payer: PaymentClient = { address: client.address, email: request.customerEmail };
    await this.declines.assertMayStart(payer);
    const { lines, price } = await this.menu.priceOrder(request.items, request.total);
    // The tip is on the subtotal before tax, never taxed, and never more than the subtotal.
    if (!tipFits(price.subtotalCents, request.tip)) throw new BadRequestException(`tip: ${tipTooLargeMessage(price.subtotalCents)}`);
    const tipCents = tipCentsOf(price.subtotalCents, request.tip);
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
      language: request.language ?? 'en',
      items: JSON.stringify(lines),
      subtotalCents: price.subtotalCents,
      taxCents: price.taxCents,
      totalCents: price.totalCents + tipCents,
      tipCents,
      paymentIntentId: null,
      clientSecretHash: null,
      placedAt: null,
      refundId: null,
      failureReason: null,
    });
    await this.exclusive.run(DRINKS_LOCK, (manager) => manager.insert(DrinkOrderEntity, order));

    const intent = await this.completion.startPayment(this.kind, order, {
      description: `Drinks: ${lines.map((l) => `${l.quantity} x ${l.name}`).join(', ')}`.slice(0, 500),
      metadata: PaymentDeclines.metadataOf(payer),
      idempotencyKey: `drink-order-${order.id}`,
      receiptEmail: order.customerEmail ?? undefined,
      unavailable: GUEST_REFUSALS.drinksStartFailed,
    });
    return { clientSecret: intent.clientSecret, orderId: order.id };
  }

  /**
   * The browser's confirmation after the card succeeded, through the one lifecycle. Confirming
   * again is harmless. The guest's name is in the answer only for a caller holding the payment's
   * client secret.
   */
  async confirmPayment(paymentIntentId: string, clientSecret?: string): Promise<DrinkOrderReceipt> {
    const { order, holdsSecret } = await this.completion.confirm(this.kind, paymentIntentId, clientSecret);
    const receipt = toReceipt(order);
    if (holdsSecret) return receipt;
    const { customerName: _name, ...anonymous } = receipt;
    return anonymous;
  }

  /** Refunds that did not go through (the gateway could not be reached) are tried again. */
  retryRefunds(): Promise<void> {
    return this.completion.retryRefunds(this.kind);
  }

  /**
   * Pay-now drinks in the one order lifecycle: placed at the bar exactly once, taking the stock
   * down as they are placed; if a drink sold out while the guest paid, the payment is refunded
   * and the guest told why (a refund the gateway does not take is retried by the sweeper).
   */
  private readonly kind: ConfirmableOrderKind<DrinkOrderEntity> = {
    paymentType: DRINK_ORDER_TYPE,
    label: 'Drink order',
    lock: DRINKS_LOCK,
    entity: DrinkOrderEntity,
    notFound: 'No drink order for this payment',
    refundedAnswer: (order) => {
      // failureReason is the English answer (the staff read it too): the line it names is the drink.
      const short = order.lines.find((line) => order.failureReason === ranOut(order, line.name).message);
      return short ? ranOut(order, short.name) : new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.drinkRefunded);
    },
    refusal: async (manager, order) => {
      const short = await this.menu.shortage(manager, order.lines);
      return short ? { failureReason: ranOut(order, short.line.name).message } : null;
    },
    pay: async (manager, order) => {
      await this.menu.takeStock(manager, order.lines);
      return { number: await nextOrderNumber(manager), barStatus: 'new', placedAt: new Date() };
    },
    paid: async (order) => void (await this.receipts.queueForOrder(order.id, 'paid')),
    refundKey: (order) => drinkRefundKey(order.id),
    refunded: (order, now) => ({ refundedCents: order.totalCents, refundedAt: now }),
    refundsRetriedInBackground: true,
  };
}
