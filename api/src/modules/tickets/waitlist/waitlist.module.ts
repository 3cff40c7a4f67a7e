import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsModule } from '../../settings/settings.module.js';
import { PartyOrderEntity } from '../party-order.entity.js';
import { WaitlistAdminService } from './waitlist-admin.service.js';
import { WaitlistEmailService } from './waitlist-email.service.js';
import { WaitlistEntryEntity } from './waitlist-entry.entity.js';
import { WaitlistAdminController, WaitlistController } from './waitlist.controller.js';
import { WaitlistService } from './waitlist.service.js';
import { PrivacyModule } from '../../privacy/privacy.module.js';

/** The party waitlist (docs/waitlist.md), part of the tickets module: its offers are counted with the tickets taken. */
@Module({
  imports: [TypeOrmModule.forFeature([WaitlistEntryEntity, PartyOrderEntity]), SettingsModule, PrivacyModule],
  controllers: [WaitlistController, WaitlistAdminController],
  providers: [WaitlistService, WaitlistAdminService, WaitlistEmailService],
  exports: [WaitlistService],
})
export class WaitlistModule {}
