import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { KeepCardRequest } from '@festival/contracts';
import { holdsPaymentSecret, paymentLookup } from '../payments/order-lifecycle/payment-secret.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { KeptCardsService } from '../kept-cards/kept-cards.service.js';
import { PartyOrderEntity } from './party-order.entity.js';

/**
 * `POST /api/party-payment-intent/keep-card`: the payment step's `Keep my card for drinks at the
 * party`, ticked or unticked before paying, by the browser holding the payment's client secret.
 */
@Injectable()
export class PartyKeepCard {
  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    private readonly gateway: PaymentGateway,
    private readonly keptCards: KeptCardsService,
  ) {}

  async choose({ orderId, clientSecret, keep }: KeepCardRequest): Promise<void> {
    const order = await this.orders.findOneBy({ id: orderId.toLowerCase() });
    const mine = order?.requestId === null && order.paymentIntentId !== null;
    if (!order || !mine || !(await holdsPaymentSecret(order, clientSecret, paymentLookup(this.gateway, order.paymentIntentId)))) {
      throw new NotFoundException('No ticket order for this payment');
    }
    if (order.status !== 'pending') throw new ConflictException('This order is no longer waiting for payment');
    await this.keptCards.choose(
      {
        orderId: order.id,
        eventId: order.eventId,
        paymentIntentId: order.paymentIntentId!,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
      },
      keep,
    );
  }
}
