import { Module } from '@nestjs/common';
import { PrivacyModule } from '../privacy/privacy.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { GuestErasure } from './guest-erasure.service.js';
import { GuestRetention } from './guest-retention.service.js';
import { GuestsController } from './guests.controller.js';
import { GuestsService } from './guests.service.js';

/**
 * One guest's data across the product (docs/privacy.md): find, export, erase, and the retention
 * job. On top of the layers: it reads the tables of every module that holds a guest's name,
 * address or phone (scripts/eslint/walls.mjs, ENTITY_READS), and no module imports it.
 */
@Module({
  imports: [PrivacyModule, SettingsModule],
  controllers: [GuestsController],
  providers: [GuestsService, GuestErasure, GuestRetention],
})
export class GuestsModule {}
