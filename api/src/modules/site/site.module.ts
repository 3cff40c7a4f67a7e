import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsModule } from '../settings/settings.module.js';
import { SiteController } from './site.controller.js';
import { SiteSettingEntity } from './site-setting.entity.js';
import { SiteService } from './site.service.js';

/** The restaurant and event configuration, seeded with fictional defaults. */
@Module({
  imports: [TypeOrmModule.forFeature([SiteSettingEntity]), SettingsModule],
  controllers: [SiteController],
  providers: [SiteService],
  exports: [SiteService, SettingsModule],
})
export class SiteModule {}
