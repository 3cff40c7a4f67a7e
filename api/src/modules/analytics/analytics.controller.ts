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
  funnelEntrySchema,
  attributionRowSchema,
  analyticsEventSchema,
  analyticsEventsSummarySchema,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Public } from '../auth/public.decorator.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { AnalyticsReportService } from './analytics-report.service.js';
import { AnalyticsService } from './analytics.service.js';
import { clientInfo } from './client-info.js';
import { SameSiteGuard } from './same-site.guard.js';
import { ApiRoute, BodyLimit, KB, RateLimit } from '../../common/route-facts.js';

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
   * per-address limit is counted before the body is read (app.factory.ts). A browser with
   * Do Not Track on gets the same 204 and nothing is stored; one with Global Privacy Control on
   * is counted, but never linked to a person and placed no finer than its country
   * (docs/privacy.md).
   */
  @Post()
  @ApiRoute({
    tag: 'analytics',
    summary: 'Record one visitor analytics event (the tracker; same-site only)',
    body: { schema: analyticsEventRequestSchema, name: 'AnalyticsEventRequest' },
    response: { empty: true },
  })
  // One analytics event is at most 16,384 characters (ANALYTICS_LIMITS.eventChars), up to twice that in UTF-8 bytes.
  @BodyLimit(32 * KB, 'one analytics event')
  @RateLimit('analytics-event')
  @Public()
  @HttpCode(204)
  @UseGuards(SameSiteGuard)
  async ingest(
    @Body(new EventSizePipe(), new ZodValidationPipe(analyticsEventRequestSchema)) event: ValidAnalyticsEvent,
    @Req() req: Request,
  ): Promise<void> {
    if (req.get('dnt') === '1') return;
    await this.analytics.ingest(event, clientInfo(req));
  }

  @Get('funnel')
  @ApiRoute({ tag: 'analytics', summary: 'The sales funnel', response: { schema: funnelEntrySchema, name: 'FunnelEntry', array: true } })
  @Header('Cache-Control', 'no-store')
  async funnel(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<FunnelEntry[]> {
    return this.reports.funnel(await this.seasons.reportFilter(filter));
  }

  @Get('attribution')
  @ApiRoute({
    tag: 'analytics',
    summary: 'Marketing attribution',
    response: { schema: attributionRowSchema, name: 'AttributionRow', array: true },
  })
  @Header('Cache-Control', 'no-store')
  async attribution(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<AttributionRow[]> {
    return this.reports.attribution(await this.seasons.reportFilter(filter));
  }

  @Get('events/:eventType')
  @ApiRoute({
    tag: 'analytics',
    summary: 'Recent events of one type, newest first',
    params: { eventType: eventTypeSchema },
    query: analyticsEventsQuerySchema,
    response: { schema: analyticsEventSchema, name: 'AnalyticsEvent', array: true },
  })
  @Header('Cache-Control', 'no-store')
  async events(
    @Param('eventType', new ZodValidationPipe(eventTypeSchema)) eventType: string,
    @Query(new ZodValidationPipe(analyticsEventsQuerySchema)) page: { limit: number; before?: number },
    @Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter,
  ): Promise<AnalyticsEvent[]> {
    return this.reports.events(eventType, page, await this.seasons.reportFilter(filter));
  }

  @Get('events/:eventType/summary')
  @ApiRoute({
    tag: 'analytics',
    summary: 'Totals of one event type',
    params: { eventType: eventTypeSchema },
    response: { schema: analyticsEventsSummarySchema, name: 'AnalyticsEventsSummary' },
  })
  @Header('Cache-Control', 'no-store')
  async summary(
    @Param('eventType', new ZodValidationPipe(eventTypeSchema)) eventType: string,
    @Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter,
  ): Promise<AnalyticsEventsSummary> {
    return this.reports.summary(eventType, await this.seasons.reportFilter(filter));
  }
}
