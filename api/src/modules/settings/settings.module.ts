import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SiteSettingEntity } from '../site/site-setting.entity.js';
import { SettingEntity } from './setting.entity.js';
import { SettingsChanges } from './settings-changes.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';
import { TicketSettingsService } from './ticket-settings.service.js';

/** The settings the manager changes, the one source of truth for prices and capacity (docs/settings.md). */
@Module({
  imports: [TypeOrmModule.forFeature([SettingEntity, SiteSettingEntity])],
  controllers: [SettingsController],
  providers: [SettingsService, TicketSettingsService, SettingsChanges],
  exports: [SettingsService, TicketSettingsService, SettingsChanges],
})
export class SettingsModule {}
