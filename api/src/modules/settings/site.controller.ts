import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type SiteConfig, siteConfigSchema } from '@festival/contracts';
import { answerHotRead } from '../../common/hot-read.js';
import { Public } from '../auth/public.decorator.js';
import { SiteService } from './site.service.js';
import { ApiRoute } from '../../common/route-facts.js';

@Controller('site')
@Public()
export class SiteController {
  constructor(private readonly site: SiteService) {}

  /** The restaurant and festival configuration every page reads, from its cache (see SiteService.answer). */
  @Get()
  @ApiRoute({
    tag: 'site',
    summary: 'The restaurant and festival configuration every page reads',
    response: { schema: siteConfigSchema, name: 'SiteConfig' },
  })
  get(@Res({ passthrough: true }) res: Response): Promise<SiteConfig> {
    return answerHotRead(this.site.answer, res);
  }
}
