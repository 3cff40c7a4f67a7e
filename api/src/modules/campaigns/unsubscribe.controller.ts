import { BadRequestException, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { UnsubscribeResponse } from '@festival/contracts';
import { Public } from '../auth/public.decorator.js';
import { Suppressions } from '../privacy/suppressions.service.js';
import { SiteService } from '../settings/site.service.js';
import { CampaignQueue } from './campaign-queue.js';
import { renderUnsubscribePage, UNSUBSCRIBE_PAGE_HEADERS, type UnsubscribePageState } from './unsubscribe-page.js';
import { UnsubscribeLinks } from './unsubscribe-links.js';
import { ApiRoute } from '../../common/route-facts.js';

const INVALID_LINK = 'This unsubscribe link is not valid.';

/**
 * The link in every campaign e-mail. GET shows a page with an Unsubscribe button (link
 * scanners fetch URLs, so a GET never unsubscribes); POST unsubscribes: the form on that page,
 * or a mail program's RFC 8058 one-click request. No cookies or login: the signed token is
 * the authority. The token rides in the query string, which the request log leaves out.
 */
@Controller('unsubscribe')
@Public()
export class UnsubscribeController {
  constructor(
    private readonly links: UnsubscribeLinks,
    private readonly queue: CampaignQueue,
    private readonly suppressions: Suppressions,
    private readonly site: SiteService,
  ) {}

  @Get()
  @ApiRoute({ tag: 'campaigns', summary: "The campaign e-mails' unsubscribe page (query `token`)", response: { mediaType: 'text/html' } })
  async page(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    const email = this.links.emailOf(token);
    if (!email) return this.sendPage(res, 400, { kind: 'invalid' });
    const state: UnsubscribePageState =
      (await this.suppressions.reasonFor(email)) !== null ? { kind: 'done', email } : { kind: 'confirm', email };
    return this.sendPage(res, 200, state);
  }

  @Post()
  @ApiRoute({
    tag: 'campaigns',
    summary: 'Unsubscribe from campaign e-mails (query `token`; one-click too)',
    response: { mediaType: 'text/html' },
  })
  async unsubscribe(@Query('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const wantsPage = req.accepts(['json', 'html']) === 'html';
    const email = this.links.emailOf(token);
    if (!email) {
      if (wantsPage) return this.sendPage(res, 400, { kind: 'invalid' });
      throw new BadRequestException(INVALID_LINK);
    }
    await this.suppressions.suppress(email, 'unsubscribed', new Date());
    await this.queue.skipAddress(email, (await this.suppressions.reasonFor(email)) ?? 'unsubscribed');
    if (wantsPage) return this.sendPage(res, 200, { kind: 'done', email });
    const body: UnsubscribeResponse = { unsubscribed: true };
    res.status(200).json(body);
  }

  private async sendPage(res: Response, status: number, state: UnsubscribePageState): Promise<void> {
    const html = renderUnsubscribePage(state, await this.site.get());
    res.status(status).set(UNSUBSCRIBE_PAGE_HEADERS).send(html);
  }
}
