import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  UseGuards,
  type PipeTransform,
} from '@nestjs/common';
import type { Request } from 'express';
import {
  ANALYTICS_LIMITS,
  analyticsEventRequestSchema,
  analyticsEventsQuerySchema,
  dashboardFilterSchema,
  type DashboardFilter,
  eventTypeSchema,
  type AnalyticsEvent,
  type AnalyticsEventsSummary,
  type AttributionRow,
  type FunnelEntry,
  type ValidAnalyticsEvent,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Public } from '../auth/public.decorator.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { AnalyticsReportService } from './analytics-report.service.js';
import { AnalyticsService } from './analytics.service.js';
import { clientInfo } from './client-info.js';
import { SameSiteGuard } from './same-site.guard.js';

/** Refuses an event body larger than one event can be, whatever it holds. */
export class EventSizePipe implements PipeTransform<unknown, unknown> {
  transform(value: unknown): unknown {
    if (value !== undefined && JSON.stringify(value).length > ANALYTICS_LIMITS.eventChars) {
      throw new BadRequestException('Analytics event is too large');
    }
    return value;
  }
}

@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly reports: AnalyticsReportService,
    private readonly seasons: SeasonsService,
  ) {}

  /**
   * A visitor's browser reports one event. Fire-and-forget for the browser: 204, no body. The
   * per-address limit is counted before the body is read (app.factory.ts). A browser that asks
   * not to be tracked (Global Privacy Control, Do Not Track) gets the same 204 and nothing is
   * stored.
   */
  @Post()
  @Public()
  @HttpCode(204)
  @UseGuards(SameSiteGuard)
  async ingest(
    @Body(new EventSizePipe(), new ZodValidationPipe(analyticsEventRequestSchema)) event: ValidAnalyticsEvent,
    @Req() req: Request,
  ): Promise<void> {
    if (req.get('sec-gpc') === '1' || req.get('dnt') === '1') return;
    await this.analytics.ingest(event, clientInfo(req));
  }

  @Get('funnel')
  @Header('Cache-Control', 'no-store')
  async funnel(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<FunnelEntry[]> {
    return this.reports.funnel(await this.seasons.reportFilter(filter));
  }

  @Get('attribution')
  @Header('Cache-Control', 'no-store')
  async attribution(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<AttributionRow[]> {
    return this.reports.attribution(await this.seasons.reportFilter(filter));
  }

  @Get('events/:eventType')
  @Header('Cache-Control', 'no-store')
  async events(
    @Param('eventType', new ZodValidationPipe(eventTypeSchema)) eventType: string,
    @Query(new ZodValidationPipe(analyticsEventsQuerySchema)) page: { limit: number; before?: number },
    @Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter,
  ): Promise<AnalyticsEvent[]> {
    return this.reports.events(eventType, page, await this.seasons.reportFilter(filter));
  }

  @Get('events/:eventType/summary')
  @Header('Cache-Control', 'no-store')
  async summary(
    @Param('eventType', new ZodValidationPipe(eventTypeSchema)) eventType: string,
    @Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter,
  ): Promise<AnalyticsEventsSummary> {
    return this.reports.summary(eventType, await this.seasons.reportFilter(filter));
  }
}
