import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Put, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  guestMealChangeSchema,
  myTicketsLinkRequestSchema,
  myTicketsSessionRequestSchema,
  MY_TICKETS_COOKIE,
  MY_TICKETS_LINK_ANSWER,
  MY_TICKETS_RESENT,
  MY_TICKETS_SIGN_IN,
  type GuestMeal,
  type GuestMealChange,
  type MyTickets,
  type MyTicketsLinkRequest,
  type MyTicketsMessage,
  type MyTicketsSessionRequest,
} from '@festival/contracts';
import { ApiRoute, BodyLimit, KB, RateLimit } from '../../common/route-facts.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { Public } from '../auth/public.decorator.js';
import { GuestLinks } from './guest-links.service.js';
import { GuestSessions, SESSION_MS } from './guest-sessions.service.js';
import { MyTicketsFiles } from './my-tickets-files.service.js';
import { MyTicketsService } from './my-tickets.service.js';

const COOKIE_PATH = '/api/my-tickets';
const COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${MY_TICKETS_COOKIE}=([A-Za-z0-9_-]{20,100})(?:;|$)`);
const tokenOf = (req: Request) => COOKIE_VALUE.exec(req.get('cookie') ?? '')?.[1];

/**
 * My tickets (docs/guest-account.md): a guest signs in with a link e-mailed to the address
 * they bought with, and sees, downloads and looks after their tickets. Every route but the
 * link's and the sign-in's needs the `guest_session` cookie (401 without a live one).
 */
@Controller('my-tickets')
@Public()
export class MyTicketsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly links: GuestLinks,
    private readonly sessions: GuestSessions,
    private readonly myTickets: MyTicketsService,
    private readonly files: MyTicketsFiles,
  ) {}

  /** `Send me a link`: the same answer for every address; only one with tickets gets mail. */
  @Post('link')
  @ApiRoute({
    tag: 'my-tickets',
    summary: 'E-mail a sign-in link to an address that bought tickets',
    body: { schema: myTicketsLinkRequestSchema, name: 'MyTicketsLinkRequest' },
    response: { type: 'MyTicketsMessage' },
  })
  @BodyLimit(2 * KB, 'an e-mail address')
  @RateLimit('my-tickets-link')
  @HttpCode(202)
  async link(@Body(new ZodValidationPipe(myTicketsLinkRequestSchema)) body: MyTicketsLinkRequest): Promise<MyTicketsMessage> {
    await this.links.request(body.email, body.language ?? 'en');
    return { message: MY_TICKETS_LINK_ANSWER };
  }

  /** Signs in with a link's token (once, within 30 minutes): the session cookie and the tickets. */
  @Post('session')
  @ApiRoute({
    tag: 'my-tickets',
    summary: "Sign in with an e-mailed link's token",
    body: { schema: myTicketsSessionRequestSchema, name: 'MyTicketsSessionRequest' },
    response: { type: 'MyTickets' },
  })
  @BodyLimit(2 * KB, 'a token')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  async signIn(
    @Body(new ZodValidationPipe(myTicketsSessionRequestSchema)) body: MyTicketsSessionRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MyTickets> {
    const email = await this.links.use(body.token);
    const session = await this.sessions.open(email);
    res.cookie(MY_TICKETS_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.isProduction,
      path: COOKIE_PATH,
      maxAge: SESSION_MS,
    });
    return this.myTickets.of(email);
  }

  @Get()
  @ApiRoute({ tag: 'my-tickets', summary: "The signed-in guest's tickets", response: { type: 'MyTickets' } })
  @Header('Cache-Control', 'no-store')
  async mine(@Req() req: Request): Promise<MyTickets> {
    return this.myTickets.of(await this.guest(req));
  }

  /** Ends the session here and on the server. */
  @Post('sign-out')
  @ApiRoute({ tag: 'my-tickets', summary: 'Sign out of My tickets', response: { empty: true } })
  @HttpCode(204)
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.end(tokenOf(req));
    res.clearCookie(MY_TICKETS_COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.config.isProduction, path: COOKIE_PATH });
  }

  /** The order's confirmation e-mailed again (the guests' resends per hour hold). */
  @Post('orders/:orderId/resend')
  @ApiRoute({ tag: 'my-tickets', summary: "E-mail one of the guest's orders again", response: { type: 'MyTicketsMessage' } })
  @HttpCode(202)
  async resend(@Param('orderId') orderId: string, @Req() req: Request): Promise<MyTicketsMessage> {
    await this.myTickets.resend(await this.guest(req), orderId);
    return { message: MY_TICKETS_RESENT };
  }

  /** `Forget my card`: the card kept with the order for drinks is detached at the gateway at once. */
  @Post('orders/:orderId/forget-card')
  @ApiRoute({ tag: 'my-tickets', summary: "Forget the card kept with one of the guest's orders", response: { empty: true } })
  @HttpCode(204)
  async forgetCard(@Param('orderId') orderId: string, @Req() req: Request): Promise<void> {
    await this.myTickets.forgetCard(await this.guest(req), orderId);
  }

  /** The guest's change of one seat's meal, while meal choices are open (409 after they close). */
  @Put('orders/:orderId/guests/:seat')
  @ApiRoute({
    tag: 'my-tickets',
    summary: "Change one guest's meal while meal choices are open",
    body: { schema: guestMealChangeSchema, name: 'GuestMealChange' },
    response: { type: 'GuestMeal', array: true },
  })
  @Header('Cache-Control', 'no-store')
  async changeMeal(
    @Param('orderId') orderId: string,
    @Param('seat') seat: string,
    @Body(new ZodValidationPipe(guestMealChangeSchema)) body: GuestMealChange,
    @Req() req: Request,
  ): Promise<GuestMeal[]> {
    const email = await this.guest(req);
    return this.myTickets.changeMeal(email, orderId, /^\d{1,3}$/.test(seat) ? Number(seat) : Number.NaN, body);
  }

  /** The order's tickets as a PDF, one page per ticket. */
  @Get('orders/:orderId/tickets.pdf')
  @ApiRoute({
    tag: 'my-tickets',
    summary: "One of the guest's orders as a PDF, a page per ticket",
    response: { mediaType: 'application/pdf' },
  })
  @Header('Cache-Control', 'private, no-store')
  async pdf(@Param('orderId') orderId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const file = await this.files.pdf(await this.guest(req), orderId);
    res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${file.name}"` }).send(file.content);
  }

  /** The order's Apple Wallet pass (404 when no pass certificate is configured). */
  @Get('orders/:orderId/wallet.pkpass')
  @ApiRoute({
    tag: 'my-tickets',
    summary: "One of the guest's orders as an Apple Wallet pass",
    response: { mediaType: 'application/vnd.apple.pkpass' },
  })
  @Header('Cache-Control', 'private, no-store')
  async pkpass(@Param('orderId') orderId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const file = await this.files.walletPass(await this.guest(req), orderId);
    res
      .set({ 'Content-Type': 'application/vnd.apple.pkpass', 'Content-Disposition': `attachment; filename="${file.name}"` })
      .send(file.content);
  }

  private async guest(req: Request): Promise<string> {
    const email = await this.sessions.emailOf(tokenOf(req));
    if (!email) throw new UnauthorizedException(MY_TICKETS_SIGN_IN);
    return email;
  }
}
