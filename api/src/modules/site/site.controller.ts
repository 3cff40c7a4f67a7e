import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SiteConfig } from '@festival/contracts';
import { Public } from '../auth/public.decorator.js';
import { SiteService } from './site.service.js';

@Controller('site')
@Public()
export class SiteController {
  constructor(private readonly site: SiteService) {}

  /**
   * The restaurant and festival configuration every page reads. Usually answered before this
   * controller by the hot-read path (api/src/web/hot-reads.ts), with the same bytes and headers.
   */
  @Get()
  async get(@Res({ passthrough: true }) res: Response): Promise<SiteConfig> {
    const answer = await this.site.answer.get();
    res.setHeader('Cache-Control', this.site.answer.cacheControl);
    res.setHeader('ETag', answer.etag);
    return answer.value;
  }
}
