import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CampaignRecipientEntity } from '../campaigns/campaign-recipient.entity.js';
import { DrinkOrderEntity } from '../drinks/drink-order.entity.js';
import { DrinkTabEntity } from '../drinks/drink-tab.entity.js';
import { FestivalGauges } from './festival-gauges.js';
import { MetricsServer } from './metrics-server.js';

/**
 * The Prometheus metrics (docs/operations.md, "Metrics, dashboards and alerts"): the gauges read
 * at scrape time and the internal port that serves them. It stands above the modules it reads.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CampaignRecipientEntity, DrinkOrderEntity, DrinkTabEntity])],
  providers: [FestivalGauges, MetricsServer],
  exports: [MetricsServer],
})
export class MetricsModule {}
