import { Module } from '@nestjs/common';
import { KeptCardsModule } from '../kept-cards/kept-cards.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { SeasonsController } from './seasons.controller.js';
import { SeasonStartService } from './season-start.service.js';

/**
 * The events' staff routes and `Start next event`, which writes the settings, the feast packs and
 * the event on sale. Kept apart from SeasonsModule (global, read by every module, importing none),
 * so that one stays below settings, feast and tickets while this one sits above them.
 */
@Module({
  imports: [SettingsModule, KeptCardsModule],
  controllers: [SeasonsController],
  providers: [SeasonStartService],
})
export class SeasonStartModule {}
