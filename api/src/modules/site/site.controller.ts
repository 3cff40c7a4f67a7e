import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SiteConfig } from '@festival/contracts';
import { answerHotRead } from '../../common/hot-read.js';
import { Public } from '../auth/public.decorator.js';
import { SiteService } from './site.service.js';

@Controller('site')
@Public()
export class SiteController {
  constructor(private readonly site: SiteService) {}

  /** The restaurant and festival configuration every page reads, from its cache (see SiteService.answer). */
  @Get()
  get(@Res({ passthrough: true }) res: Response): Promise<SiteConfig> {
    return answerHotRead(this.site.answer, res);
  }
}
