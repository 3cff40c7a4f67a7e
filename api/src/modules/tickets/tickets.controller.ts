import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  confirmPaymentRequestSchema,
  partyOrderRequestSchema,
  partyQuoteRequestSchema,
  type ConfirmPaymentRequest,
  type PartyOrderReceipt,
  type PartyOrderRequest,
  type PartyOrderResponse,
  type PartyQuote,
  type PartyQuoteRequest,
  type PartyTicketRow,
  type PartyTicketStats,
} from '@festival/contracts';
import { answerHotRead } from '../../common/hot-read.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Public } from '../auth/public.decorator.js';
import { PartyQuoteService } from './party-quote.service.js';
import { TicketReportsService } from './ticket-reports.service.js';
import { TicketsService } from './tickets.service.js';

@Controller()
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly quotes: PartyQuoteService,
    private readonly reports: TicketReportsService,
  ) {}

  /** Tickets left, for display, from its cache (see TicketsService.statsAnswer). */
  @Get('party-ticket-stats')
  @Public()
  stats(@Res({ passthrough: true }) res: Response): Promise<PartyTicketStats> {
    return answerHotRead(this.tickets.statsAnswer, res);
  }

  /** The price breakdown of a selection, with the promo code checked on the server. */
  @Post('party-quote')
  @Public()
  @HttpCode(200)
  quote(@Body(new ZodValidationPipe(partyQuoteRequestSchema)) body: PartyQuoteRequest): Promise<PartyQuote> {
    return this.quotes.quote(body);
  }

  @Post('party-payment-intent')
  @Public()
  @HttpCode(200)
  createOrder(@Body(new ZodValidationPipe(partyOrderRequestSchema)) body: PartyOrderRequest): Promise<PartyOrderResponse> {
    return this.tickets.createOrder(body);
  }

  @Post('confirm-payment')
  @Public()
  @HttpCode(200)
  confirm(@Body(new ZodValidationPipe(confirmPaymentRequestSchema)) body: ConfirmPaymentRequest): Promise<PartyOrderReceipt> {
    return this.tickets.confirmPayment(body.paymentIntentId);
  }

  /** Staff: paid party tickets. */
  @Get('party-tickets')
  paidTickets(): Promise<PartyTicketRow[]> {
    return this.reports.paidTickets();
  }

  /** Staff: buyers who started and did not pay, 30 or more minutes ago. */
  @Get('admin/abandoned-carts')
  abandonedCarts(): Promise<PartyTicketRow[]> {
    return this.reports.abandonedCarts();
  }
}
