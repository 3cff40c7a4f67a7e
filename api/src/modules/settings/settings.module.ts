import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SiteSettingEntity } from '../site/site-setting.entity.js';
import { GuestDataSettingsService } from './guest-data-settings.service.js';
import { MealSettingsService } from './meal-settings.service.js';
import { SettingEntity } from './setting.entity.js';
import { SettingsChanges } from './settings-changes.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';
import { SiteController } from './site.controller.js';
import { SiteService } from './site.service.js';
import { TicketSettingsService } from './ticket-settings.service.js';

/**
 * The restaurant and festival configuration: what every page reads (`GET /api/site`) and the
 * settings the manager changes, the one source of truth for prices and capacity
 * (docs/settings.md). Stored in the site configuration row (site/) and the settings rows.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SettingEntity, SiteSettingEntity])],
  controllers: [SettingsController, SiteController],
  providers: [SettingsService, TicketSettingsService, MealSettingsService, GuestDataSettingsService, SettingsChanges, SiteService],
  exports: [SettingsService, TicketSettingsService, MealSettingsService, GuestDataSettingsService, SettingsChanges, SiteService],
})
export class SettingsModule {}
