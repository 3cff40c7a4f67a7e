import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { DrinksModule } from '../drinks/drinks.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { ReconciliationService } from './reconciliation.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsService } from './reports.service.js';

/** Revenue, channels, reconciliation and exports: read-only reports over the other modules' orders. */
@Module({
  imports: [AnalyticsModule, TicketsModule, DrinksModule],
  controllers: [ReportsController],
  providers: [ReportsService, ReconciliationService],
})
export class ReportsModule {}
