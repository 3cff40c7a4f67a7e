import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsEventEntity } from './analytics-event.entity.js';
import { AnalyticsEventStore } from './analytics-event-store.js';
import { AnalyticsIngestQueue } from './analytics-ingest.queue.js';
import { AnalyticsReportService } from './analytics-report.service.js';
import { AnalyticsRetentionService } from './analytics-retention.service.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsService } from './analytics.service.js';
import { BeaconBodyMiddleware } from './beacon-body.middleware.js';
import { GeoIpService } from './geoip.service.js';
import { TypeOrmAnalyticsEventStore } from './typeorm-analytics-event.store.js';

/**
 * Visitor analytics: the public ingest, the staff's reports (funnel, event detail,
 * attribution), and `AnalyticsService.recordServerEvent` for other modules.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AnalyticsEventEntity])],
  controllers: [AnalyticsController],
  providers: [
    AnalyticsService,
    AnalyticsIngestQueue,
    // The one store: the application's database through TypeORM (docs/architecture.md).
    { provide: AnalyticsEventStore, useClass: TypeOrmAnalyticsEventStore },
    AnalyticsReportService,
    AnalyticsRetentionService,
    { provide: GeoIpService, useFactory: () => new GeoIpService() },
  ],
  exports: [AnalyticsService, AnalyticsReportService],
})
export class AnalyticsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(BeaconBodyMiddleware).forRoutes({ path: 'analytics', method: RequestMethod.POST });
  }
}
