import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SiteSettingEntity } from '../site/site-setting.entity.js';
import { SettingEntity } from './setting.entity.js';
import { EventsController } from './events.controller.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

/** The settings the manager changes, the one source of truth for prices and capacity (docs/settings.md). */
@Module({
  imports: [TypeOrmModule.forFeature([SettingEntity, SiteSettingEntity])],
  controllers: [SettingsController, EventsController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
