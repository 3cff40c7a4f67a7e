import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  confirmPaymentRequestSchema,
  dashboardFilterSchema,
  type DashboardFilter,
  partyOrderRequestSchema,
  partyQuoteRequestSchema,
  type ConfirmPaymentRequest,
  type FeastOrderReceipt,
  type PartyOrderReceipt,
  type PartyOrderRequest,
  type PartyOrderResponse,
  type PartyQuote,
  type PaidPartyTicketRow,
  type PartyQuoteRequest,
  type PartyTicketRow,
  type PartyTicketStats,
} from '@festival/contracts';
import { clientAddressOf } from '../../common/client-address.js';
import { answerHotRead } from '../../common/hot-read.js';
import { FeastOrdersService } from '../feast/feast-orders.service.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Public } from '../auth/public.decorator.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { PartyQuoteService } from './party-quote.service.js';
import { TicketReportsService } from './ticket-reports.service.js';
import { TicketsService } from './tickets.service.js';

/** The browser's unpaid hold, sent back only to the route that replaces it. */
const HOLD_COOKIE = 'party_hold';
const HOLD_COOKIE_VALUE = /(?:^|;\s*)party_hold=([0-9a-f-]{36})(?:;|$)/;

@Controller()
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly quotes: PartyQuoteService,
    private readonly reports: TicketReportsService,
    private readonly seasons: SeasonsService,
    private readonly feastOrders: FeastOrdersService,
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

  /**
   * Holds the tickets and starts the payment. The browser keeps its hold in a cookie, so its next
   * order releases this one (see TicketsService.createOrder).
   */
  @Post('party-payment-intent')
  @Public()
  @HttpCode(200)
  async createOrder(
    @Body(new ZodValidationPipe(partyOrderRequestSchema)) body: PartyOrderRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PartyOrderResponse> {
    const previousOrderId = HOLD_COOKIE_VALUE.exec(req.get('cookie') ?? '')?.[1];
    const order = await this.tickets.createOrder(body, { address: clientAddressOf(req), previousOrderId });
    res.cookie(HOLD_COOKIE, order.orderId, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: '/api/party-payment-intent',
      maxAge: Date.parse(order.holdExpiresAt) - Date.now(),
    });
    return order;
  }

  @Post('confirm-payment')
  @Public()
  @HttpCode(200)
  confirm(
    @Body(new ZodValidationPipe(confirmPaymentRequestSchema)) body: ConfirmPaymentRequest,
  ): Promise<PartyOrderReceipt | FeastOrderReceipt> {
    if (body.type === 'feast_order') return this.feastOrders.confirmPayment(body.paymentIntentId, body.clientSecret);
    return this.tickets.confirmPayment(body.paymentIntentId, body.clientSecret);
  }

  /** Staff: paid party tickets, with the guests of each admitted at the door so far. */
  @Get('party-tickets')
  async paidTickets(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<PaidPartyTicketRow[]> {
    return this.reports.paidTickets(await this.seasons.reportFilter(filter));
  }

  /** Staff: buyers who started and did not pay, 30 or more minutes ago. */
  @Get('admin/abandoned-carts')
  async abandonedCarts(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<PartyTicketRow[]> {
    return this.reports.abandonedCarts(await this.seasons.reportFilter(filter));
  }
}
