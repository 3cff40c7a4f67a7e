import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsEventEntity } from './analytics-event.entity.js';
import { AnalyticsRateLimitGuard } from './analytics-rate-limit.guard.js';
import { AnalyticsReportService } from './analytics-report.service.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsService } from './analytics.service.js';
import { BeaconBodyMiddleware } from './beacon-body.middleware.js';
import { GeoIpService } from './geoip.service.js';

/**
 * Visitor analytics: the public ingest, the staff's reports (funnel, event detail,
 * attribution), and `AnalyticsService.recordServerEvent` for other modules.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AnalyticsEventEntity])],
  controllers: [AnalyticsController],
  providers: [
    AnalyticsService,
    AnalyticsReportService,
    AnalyticsRateLimitGuard,
    { provide: GeoIpService, useFactory: () => new GeoIpService() },
  ],
  exports: [AnalyticsService],
})
export class AnalyticsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(BeaconBodyMiddleware).forRoutes({ path: 'analytics', method: RequestMethod.POST });
  }
}
