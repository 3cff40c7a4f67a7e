import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  dashboardFilterSchema,
  keepCardRequestSchema,
  type DashboardFilter,
  type KeepCardRequest,
  partyOrderRequestSchema,
  partyQuoteRequestSchema,
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
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Public } from '../auth/public.decorator.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { PartyQuoteService } from './party-quote.service.js';
import { TicketReportsService } from './ticket-reports.service.js';
import { TicketsService } from './tickets.service.js';
import { PartyKeepCard } from './party-keep-card.service.js';
import { ApiRoute, BodyLimit, KB, RateLimit } from '../../common/route-facts.js';

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
    private readonly keepCard: PartyKeepCard,
  ) {}

  /** Tickets left, for display, from its cache (see TicketsService.statsAnswer). */
  @Get('party-ticket-stats')
  @ApiRoute({ tag: 'party', summary: 'Party tickets left', response: { type: 'PartyTicketStats' } })
  @Public()
  stats(@Res({ passthrough: true }) res: Response): Promise<PartyTicketStats> {
    return answerHotRead(this.tickets.statsAnswer, res);
  }

  /** The price breakdown of a selection, with the promo code checked on the server. */
  @Post('party-quote')
  @ApiRoute({
    tag: 'party',
    summary: 'The price breakdown of a ticket selection, promo code checked',
    body: { schema: partyQuoteRequestSchema, name: 'PartyQuoteRequest' },
    response: { type: 'PartyQuote' },
  })
  @BodyLimit(4 * KB, 'a ticket selection and a contact')
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
  @ApiRoute({
    tag: 'party',
    summary: 'Hold the tickets and start the payment',
    body: { schema: partyOrderRequestSchema, name: 'PartyOrderRequest' },
    response: { type: 'PartyOrderResponse' },
  })
  @BodyLimit(12 * KB, 'a ticket selection, a contact and a meal row per seat')
  @RateLimit('payment-start')
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

  /** The payment step's `Keep my card for drinks at the party`, before paying (docs/guest-account.md). */
  @Post('party-payment-intent/keep-card')
  @ApiRoute({
    tag: 'party',
    summary: 'Keep the card this party order is paid with for drinks at the party',
    body: { schema: keepCardRequestSchema, name: 'KeepCardRequest' },
    response: { empty: true },
  })
  @BodyLimit(1 * KB, 'an order id, its client secret and a yes or no')
  @RateLimit('payment-start')
  @Public()
  @HttpCode(204)
  async keepCardForDrinks(@Body(new ZodValidationPipe(keepCardRequestSchema)) body: KeepCardRequest): Promise<void> {
    await this.keepCard.choose(body);
  }

  /** Staff: paid party tickets, with the guests of each admitted at the door so far. */
  @Get('party-tickets')
  @ApiRoute({ tag: 'reports', summary: 'Paid party tickets with admissions so far', response: { type: 'PaidPartyTicketRow', array: true } })
  async paidTickets(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<PaidPartyTicketRow[]> {
    return this.reports.paidTickets(await this.seasons.reportFilter(filter));
  }

  /** Staff: buyers who started and did not pay, 30 or more minutes ago. */
  @Get('admin/abandoned-carts')
  @ApiRoute({ tag: 'reports', summary: 'Buyers who started and did not pay', response: { type: 'PartyTicketRow', array: true } })
  async abandonedCarts(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<PartyTicketRow[]> {
    return this.reports.abandonedCarts(await this.seasons.reportFilter(filter));
  }
}
