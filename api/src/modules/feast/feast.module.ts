import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { CodesModule } from '../codes/codes.module.js';
import { FeastOrderEntity } from './feast-order.entity.js';
import { SettingsModule } from '../settings/settings.module.js';
import { FeastCatalogService } from './feast-catalog.service.js';
import { FeastController, FeastOrderAdminController, FeastPickupsController, FeastSettingsController } from './feast.controller.js';
import { FeastOrderAdmin } from './feast-order-admin.service.js';
import { FeastEmailService } from './feast-email.service.js';
import { FeastOrdersService } from './feast-orders.service.js';
import { FeastOrdersListController } from './feast-orders-list.controller.js';
import { FeastOrdersListService } from './feast-orders-list.service.js';
import { FeastPackEntity } from './feast-pack.entity.js';
import { FeastPickupSlotEntity } from './feast-pickup-slot.entity.js';
import { FeastPickupsService } from './feast-pickups.service.js';
import { PrivacyModule } from '../privacy/privacy.module.js';

/** Feast pack pre-orders: packs and pickup times, holds, payment, confirmation e-mail, the pickup desk. */
@Module({
  imports: [
    TypeOrmModule.forFeature([FeastOrderEntity, FeastPackEntity, FeastPickupSlotEntity]),
    SettingsModule,
    AnalyticsModule,
    CodesModule,
    PrivacyModule,
  ],
  controllers: [FeastController, FeastOrdersListController, FeastSettingsController, FeastPickupsController, FeastOrderAdminController],
  providers: [FeastCatalogService, FeastOrdersService, FeastOrdersListService, FeastEmailService, FeastPickupsService, FeastOrderAdmin],
  exports: [FeastOrdersListService],
})
export class FeastModule {}
