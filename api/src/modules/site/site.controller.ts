import { Controller, Get, Header } from '@nestjs/common';
import type { SiteConfig } from '@festival/contracts';
import { Public } from '../auth/public.decorator.js';
import { SiteService } from './site.service.js';

@Controller('site')
@Public()
export class SiteController {
  constructor(private readonly site: SiteService) {}

  /** The restaurant and festival configuration every page reads. */
  @Get()
  @Header('Cache-Control', 'public, max-age=60')
  get(): Promise<SiteConfig> {
    return this.site.get();
  }
}
