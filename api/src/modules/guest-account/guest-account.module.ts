import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CodesModule } from '../codes/codes.module.js';
import { DrinksModule } from '../drinks/drinks.module.js';
import { KeptCardsModule } from '../kept-cards/kept-cards.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { GuestLinkEntity } from './guest-link.entity.js';
import { GuestLinks } from './guest-links.service.js';
import { GuestSessionEntity } from './guest-session.entity.js';
import { GuestSessions } from './guest-sessions.service.js';
import { MyTicketsFiles } from './my-tickets-files.service.js';
import { MyTicketsController } from './my-tickets.controller.js';
import { MyTicketsService } from './my-tickets.service.js';

/**
 * My tickets (docs/guest-account.md): the guest's sign-in by an e-mailed link, their
 * session, and their orders of the season on sale through what the tickets module exports.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([GuestLinkEntity, GuestSessionEntity]),
    TicketsModule,
    SettingsModule,
    CodesModule,
    DrinksModule,
    KeptCardsModule,
  ],
  controllers: [MyTicketsController],
  providers: [GuestLinks, GuestSessions, MyTicketsService, MyTicketsFiles],
  exports: [GuestLinks],
})
export class GuestAccountModule {}
