import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  NotFoundException,
  Post,
  Req,
  ServiceUnavailableException,
  BadRequestException,
} from '@nestjs/common';
import type { Request } from 'express';
import {
  confirmPaymentRequestSchema,
  type ConfirmPaymentRequest,
  simulatedPaymentConfirmSchema,
  simulatedSetupConfirmSchema,
  type PaymentConfig,
  type SimulatedConfirmResponse,
  type SimulatedPaymentConfirm,
  type SimulatedSetupConfirm,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Public } from '../auth/public.decorator.js';
import { PaymentEvents } from './payment-events.service.js';
import { PaymentGateway, type SimulatedCardForm } from './payment-gateway.js';
import { PaymentConfirmations, type PaymentConfirmation } from './order-lifecycle/payment-confirmations.js';
import { ApiRoute, BodyLimit, KB } from '../../common/route-facts.js';

@Controller()
@Public()
export class PaymentsController {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly events: PaymentEvents,
    private readonly confirmations: PaymentConfirmations,
  ) {}

  /** The browser's confirmation after the card succeeded, for the order type it names. */
  @Post('confirm-payment')
  @ApiRoute({
    tag: 'party',
    summary: 'Confirm a paid party order or feast pack pre-order and get its receipt',
    body: { schema: confirmPaymentRequestSchema, name: 'ConfirmPaymentRequest' },
    response: { type: 'PartyOrderReceipt | FeastOrderReceipt' },
  })
  @HttpCode(200)
  confirm(@Body(new ZodValidationPipe(confirmPaymentRequestSchema)) body: ConfirmPaymentRequest): Promise<PaymentConfirmation> {
    return this.confirmations.confirm(body);
  }

  /** Which card form the browser shows. */
  @Get('payments/config')
  @ApiRoute({ tag: 'payments', summary: 'Which card gateway the browser talks to', response: { type: 'PaymentConfig' } })
  @Header('Cache-Control', 'no-cache')
  config(): PaymentConfig {
    return this.gateway.browserConfig();
  }

  /** The simulated card form pays (test mode only; 404 when Stripe is configured). */
  @Post('payments/simulated/confirm')
  @ApiRoute({
    tag: 'payments',
    summary: "The simulated gateway's card confirmation (test mode only)",
    body: { schema: simulatedPaymentConfirmSchema, name: 'SimulatedPaymentConfirm' },
    response: { type: 'SimulatedConfirmResponse' },
  })
  @HttpCode(200)
  async confirmSimulatedPayment(
    @Body(new ZodValidationPipe(simulatedPaymentConfirmSchema)) body: SimulatedPaymentConfirm,
  ): Promise<SimulatedConfirmResponse> {
    const intent = await this.cardForm().confirmPayment(body.clientSecret, body);
    return { id: intent.id, status: 'succeeded' };
  }

  /** The simulated card form saves a card for a tab (test mode only). */
  @Post('payments/simulated/confirm-setup')
  @ApiRoute({
    tag: 'payments',
    summary: "The simulated gateway's saved-card confirmation for a drinks tab (test mode only)",
    body: { schema: simulatedSetupConfirmSchema, name: 'SimulatedSetupConfirm' },
    response: { type: 'SimulatedConfirmResponse' },
  })
  @HttpCode(200)
  async confirmSimulatedSetup(
    @Body(new ZodValidationPipe(simulatedSetupConfirmSchema)) body: SimulatedSetupConfirm,
  ): Promise<SimulatedConfirmResponse> {
    const intent = await this.cardForm().confirmSetup(body.clientSecret, body);
    return { id: intent.id, status: 'succeeded' };
  }

  /** Stripe's webhook: signature checked on the raw body, then the same handlers as the browser path. */
  @Post('webhooks/stripe')
  @ApiRoute({ tag: 'payments', summary: "Stripe's signed webhook events", response: { type: '{ received: true }' } })
  @BodyLimit(256 * KB, "a payment gateway's event")
  @HttpCode(200)
  async stripeWebhook(@Req() req: Request & { rawBody?: Buffer }): Promise<{ received: true }> {
    const webhooks = this.gateway.webhooks();
    if (!webhooks) throw new NotFoundException('Stripe is not configured');
    const signature = req.get('stripe-signature');
    if (!signature || !req.rawBody) throw new BadRequestException('Missing Stripe signature');
    let event;
    try {
      event = webhooks.parseWebhook(req.rawBody, signature);
    } catch {
      throw new BadRequestException('Invalid Stripe signature');
    }
    try {
      await this.events.dispatch(event);
    } catch {
      // Stripe retries a delivery that did not succeed; the handlers are idempotent.
      throw new ServiceUnavailableException('The event could not be processed now; it will be retried');
    }
    return { received: true };
  }

  private cardForm(): SimulatedCardForm {
    const form = this.gateway.simulatedCardForm();
    if (!form) throw new NotFoundException('The simulated gateway is not in use');
    return form;
  }
}
