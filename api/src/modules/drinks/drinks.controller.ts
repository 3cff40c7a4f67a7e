import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  closeDrinkTabRequestSchema,
  drinkTabTipRequestSchema,
  type ValidCloseDrinkTabRequest,
  type ValidDrinkTabTipRequest,
  confirmDrinkPaymentRequestSchema,
  confirmDrinkTabSetupRequestSchema,
  drinkPaymentRequestSchema,
  drinkTabRequestSchema,
  tabOrderRequestSchema,
  ticketTabRequestSchema,
  ticketTokenRequestSchema,
  type ConfirmDrinkPaymentRequest,
  type ConfirmDrinkTabSetupRequest,
  type Drink,
  type DrinkOrderReceipt,
  type DrinkOrderStatusView,
  type DrinkPaymentResponse,
  type DrinkTabResponse,
  type DrinkTabView,
  type KeptCardView,
  type TicketTokenRequest,
  type ValidDrinkPaymentRequest,
  type ValidTicketTabRequest,
  type ValidDrinkTabRequest,
  type ValidTabOrderRequest,
} from '@festival/contracts';
import { clientAddressOf } from '../../common/client-address.js';
import { answerHotRead, answerWithEtag } from '../../common/hot-read.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Public } from '../auth/public.decorator.js';
import { DrinkMenuService } from './drink-menu.service.js';
import { DrinkOrderStatusService } from './drink-order-status.service.js';
import { DrinkTabsService } from './drink-tabs.service.js';
import { DrinkTicketTabs } from './drink-ticket-tabs.service.js';
import { DrinksService } from './drinks.service.js';
import { DrinkTabTips } from './drink-tab-tips.service.js';
import { ApiRoute, RateLimit } from '../../common/route-facts.js';

/** The guests' side: the menu, paying now, and tabs. */
@Controller()
@Public()
export class DrinksController {
  constructor(
    private readonly menu: DrinkMenuService,
    private readonly drinks: DrinksService,
    private readonly tabs: DrinkTabsService,
    private readonly ticketTabs: DrinkTicketTabs,
    private readonly status: DrinkOrderStatusService,
    private readonly tips: DrinkTabTips,
  ) {}

  /** The menu with stock, from its cache (see DrinkMenuService.answer). */
  @Get('drinks')
  @ApiRoute({ tag: 'drinks', summary: 'The drinks menu with stock', response: { type: 'Drink', array: true } })
  list(@Res({ passthrough: true }) res: Response): Promise<Drink[]> {
    return answerHotRead(this.menu.answer, res);
  }

  @Post('drink-payment-intent')
  @ApiRoute({
    tag: 'drinks',
    summary: 'Start paying for a drinks order',
    body: { schema: drinkPaymentRequestSchema, name: 'DrinkPaymentRequest' },
    response: { type: 'DrinkPaymentResponse' },
  })
  @RateLimit('payment-start')
  @HttpCode(200)
  createPayment(
    @Body(new ZodValidationPipe(drinkPaymentRequestSchema)) body: ValidDrinkPaymentRequest,
    @Req() req: Request,
  ): Promise<DrinkPaymentResponse> {
    return this.drinks.createPaymentIntent(body, { address: clientAddressOf(req) });
  }

  @Post('confirm-drink-payment')
  @ApiRoute({
    tag: 'drinks',
    summary: 'Confirm a paid drinks order and get its receipt',
    body: { schema: confirmDrinkPaymentRequestSchema, name: 'ConfirmDrinkPaymentRequest' },
    response: { type: 'DrinkOrderReceipt' },
  })
  @HttpCode(200)
  confirmPayment(
    @Body(new ZodValidationPipe(confirmDrinkPaymentRequestSchema)) body: ConfirmDrinkPaymentRequest,
  ): Promise<DrinkOrderReceipt> {
    return this.drinks.confirmPayment(body.paymentIntentId, body.clientSecret);
  }

  @Post('drink-tab')
  @ApiRoute({
    tag: 'drinks',
    summary: 'Open a drinks tab on a saved card',
    body: { schema: drinkTabRequestSchema, name: 'DrinkTabRequest' },
    response: { type: 'DrinkTabResponse' },
  })
  @RateLimit('payment-start')
  @HttpCode(200)
  openTab(@Body(new ZodValidationPipe(drinkTabRequestSchema)) body: ValidDrinkTabRequest, @Req() req: Request): Promise<DrinkTabResponse> {
    return this.tabs.open(body, { address: clientAddressOf(req) });
  }

  /** A tab in one tap on the card kept from the ticket purchase (docs/guest-account.md). */
  @Post('drink-tab/from-ticket')
  @ApiRoute({
    tag: 'drinks',
    summary: 'Open a drinks tab on the card kept with a ticket order',
    body: { schema: ticketTabRequestSchema, name: 'TicketTabRequest' },
    response: { type: 'DrinkTabResponse' },
  })
  @HttpCode(200)
  openTabFromTicket(@Body(new ZodValidationPipe(ticketTabRequestSchema)) body: ValidTicketTabRequest): Promise<DrinkTabResponse> {
    return this.ticketTabs.open(body);
  }

  /** The card a ticket's link opens a tab on (`Open a tab with your card ending 1234`). */
  @Post('drink-tab/from-ticket/card')
  @ApiRoute({
    tag: 'drinks',
    summary: 'The card kept with a ticket order',
    body: { schema: ticketTokenRequestSchema, name: 'TicketTokenRequest' },
    response: { type: 'KeptCardView' },
  })
  @HttpCode(200)
  ticketCard(@Body(new ZodValidationPipe(ticketTokenRequestSchema)) body: TicketTokenRequest): Promise<KeptCardView> {
    return this.ticketTabs.card(body.token);
  }

  /** `Forget my card`: the kept card is detached at the gateway. */
  @Post('drink-tab/from-ticket/forget')
  @ApiRoute({
    tag: 'drinks',
    summary: 'Forget the card kept with a ticket order',
    body: { schema: ticketTokenRequestSchema, name: 'TicketTokenRequest' },
    response: { empty: true },
  })
  @HttpCode(204)
  async forgetTicketCard(@Body(new ZodValidationPipe(ticketTokenRequestSchema)) body: TicketTokenRequest): Promise<void> {
    await this.ticketTabs.forget(body.token);
  }

  @Post('drink-tab/confirm-setup')
  @ApiRoute({
    tag: 'drinks',
    summary: "Confirm a tab's saved card",
    body: { schema: confirmDrinkTabSetupRequestSchema, name: 'ConfirmDrinkTabSetupRequest' },
    response: { type: 'DrinkTabView' },
  })
  @HttpCode(200)
  confirmSetup(@Body(new ZodValidationPipe(confirmDrinkTabSetupRequestSchema)) body: ConfirmDrinkTabSetupRequest): Promise<DrinkTabView> {
    return this.tabs.confirmSetup(body.tabId, body.setupIntentId, body.tabToken);
  }

  /**
   * The tab's running total and its orders' bar status, for the phone that holds its token
   * (header `X-Tab-Token`). The phone polls it while an order is at the bar: 304 while unchanged.
   */
  @Get('drink-tab/:tabId')
  @ApiRoute({ tag: 'drinks', summary: "A guest's open tab", response: { type: 'DrinkTabView' } })
  async tab(
    @Param('tabId') tabId: string,
    @Headers('x-tab-token') token: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DrinkTabView> {
    return answerWithEtag(await this.tabs.guestView(tabId, token), res);
  }

  /**
   * Where one order is at the bar (New, Ready, Served), for the phone that ordered it: header
   * `X-Client-Secret` (the payment's client secret) or `X-Tab-Token` (its tab's token). The
   * confirmation page polls it until the order is served: 304 while unchanged.
   */
  @Get('drink-orders/:orderId/status')
  @ApiRoute({ tag: 'drinks', summary: "A drinks order's status at the bar", response: { type: 'DrinkOrderStatusView' } })
  async orderStatus(
    @Param('orderId') orderId: string,
    @Headers('x-client-secret') clientSecret: string | undefined,
    @Headers('x-tab-token') tabToken: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DrinkOrderStatusView> {
    return answerWithEtag(await this.status.guestStatus(orderId, { clientSecret, tabToken }), res);
  }

  /** An order onto the phone's open tab: no card needed. */
  @Post('drink-tab/:tabId/orders')
  @ApiRoute({
    tag: 'drinks',
    summary: 'Order drinks on an open tab',
    body: { schema: tabOrderRequestSchema, name: 'TabOrderRequest' },
    response: { type: 'DrinkOrderReceipt' },
  })
  orderOnTab(
    @Param('tabId') tabId: string,
    @Body(new ZodValidationPipe(tabOrderRequestSchema)) body: ValidTabOrderRequest,
  ): Promise<DrinkOrderReceipt> {
    return this.tabs.addOrder(tabId, body);
  }

  /** The guest's tip choice, kept on the tab for its close (header `X-Tab-Token`). */
  @Put('drink-tab/:tabId/tip')
  @ApiRoute({
    tag: 'drinks',
    summary: 'Choose the tip a tab closes with',
    body: { schema: drinkTabTipRequestSchema, name: 'DrinkTabTipRequest' },
    response: { type: 'DrinkTabView' },
  })
  chooseTip(
    @Param('tabId') tabId: string,
    @Headers('x-tab-token') token: string | undefined,
    @Body(new ZodValidationPipe(drinkTabTipRequestSchema)) body: ValidDrinkTabTipRequest,
  ): Promise<DrinkTabView> {
    return this.tips.choose(tabId, token, body.tip);
  }

  /** `Close my tab`: the tip saved, the tab closed and its card charged once (header `X-Tab-Token`). */
  @Post('drink-tab/:tabId/close')
  @ApiRoute({
    tag: 'drinks',
    summary: 'Close my tab: charge its card with the tip chosen',
    body: { schema: closeDrinkTabRequestSchema, name: 'CloseDrinkTabRequest' },
    response: { type: 'DrinkTabView' },
  })
  @HttpCode(200)
  closeTab(
    @Param('tabId') tabId: string,
    @Headers('x-tab-token') token: string | undefined,
    @Body(new ZodValidationPipe(closeDrinkTabRequestSchema)) body: ValidCloseDrinkTabRequest,
  ): Promise<DrinkTabView> {
    return this.tips.close(tabId, token, body.tip);
  }
}
