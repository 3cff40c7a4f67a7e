import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { CheckInsController } from './check-ins.controller.js';
import { CheckInsService } from './check-ins.service.js';
import { ComplimentaryDrinksController } from './complimentary-drinks.controller.js';
import { ComplimentaryDrinksService } from './complimentary-drinks.service.js';
import { DoorGuestsService } from './door-guests.service.js';
import { OfflineCheckInsService } from './offline-check-ins.service.js';
import { CodesModule } from '../codes/codes.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { StaffSalesController } from './staff-sales.controller.js';
import { StaffSalesService } from './staff-sales.service.js';
import { TicketRedemptionEntity } from '../tickets/ticket-redemption.entity.js';

/**
 * The door (docs/door.md): admissions per guest against the signed ticket codes, the arrivals
 * counter, the offline snapshot, the complimentary drinks redeemed with the same code, and the
 * tickets staff make without the online checkout (door sales and the manager's comps). It reads
 * party orders inside its own transactions (their status decides an admission) and writes their
 * redemptions, the tickets module's table; the tickets module never imports the door.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PartyOrderEntity, TicketRedemptionEntity]), CodesModule, SettingsModule, TicketsModule],
  controllers: [CheckInsController, ComplimentaryDrinksController, StaffSalesController],
  providers: [CheckInsService, OfflineCheckInsService, DoorGuestsService, ComplimentaryDrinksService, StaffSalesService],
})
export class DoorModule {}
