import { Global, Module } from '@nestjs/common';
import { TypeOrmModule, getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PaymentDeclineEntity } from './payment-decline.entity.js';
import { PaymentDeclines } from './payment-declines.service.js';
import { PaymentDisputeEntity } from './payment-dispute.entity.js';
import { PaymentDisputes } from './payment-disputes.service.js';
import { PaymentEvents } from './payment-events.service.js';
import { PaymentGateway } from './payment-gateway.js';
import { GatewayRefundSync } from './order-lifecycle/gateway-refund-sync.js';
import { HeldOrderCompletion } from './order-lifecycle/held-order-completion.js';
import { LapsedHolds } from './order-lifecycle/lapsed-holds.js';
import { PaymentConfirmations } from './order-lifecycle/payment-confirmations.js';
import { StaffRefunds } from './order-lifecycle/staff-refunds.js';
import { PaymentsController } from './payments.controller.js';
import { SimulatedGateway } from './simulated.gateway.js';
import { SimulatedPaymentEntity } from './simulated-payment.entity.js';
import { StripeGateway } from './stripe.gateway.js';

/**
 * The payment port and its adapter, chosen once from the configuration: Stripe when its keys
 * are set, the simulated gateway otherwise (refused in production unless explicitly allowed);
 * and the one order lifecycle every paid order goes through (order-lifecycle/: completion,
 * refunds made at the gateway, the payment-secret check, `POST /api/confirm-payment`).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SimulatedPaymentEntity, PaymentDeclineEntity, PaymentDisputeEntity])],
  controllers: [PaymentsController],
  providers: [
    PaymentEvents,
    {
      provide: PaymentGateway,
      inject: [APP_CONFIG, getRepositoryToken(SimulatedPaymentEntity), PaymentEvents],
      useFactory: (config: AppConfig, intents: Repository<SimulatedPaymentEntity>, events: PaymentEvents): PaymentGateway =>
        config.stripe ? new StripeGateway(config.stripe) : new SimulatedGateway(intents, events),
    },
    PaymentDeclines,
    PaymentDisputes,
    HeldOrderCompletion,
    LapsedHolds,
    GatewayRefundSync,
    PaymentConfirmations,
    StaffRefunds,
  ],
  exports: [
    PaymentGateway,
    PaymentEvents,
    PaymentDeclines,
    PaymentDisputes,
    HeldOrderCompletion,
    LapsedHolds,
    GatewayRefundSync,
    PaymentConfirmations,
    StaffRefunds,
  ],
})
export class PaymentsModule {}
