import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { CheckInsController, ComplimentaryDrinksController } from './check-ins.controller.js';
import { CheckInsService } from './check-ins.service.js';
import { TicketCodes } from './ticket-codes.js';
import { TicketRedemptionEntity } from './ticket-redemption.entity.js';

/**
 * The door (docs/door.md): signed ticket codes, admissions per guest, the arrivals counter, the
 * offline snapshot, and the complimentary drinks redeemed with the same code. It reads party
 * orders inside its own transactions (their status decides an admission) and never writes them.
 * The tickets module reads each order's admissions through CheckInsService for the staff's list.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PartyOrderEntity, TicketRedemptionEntity])],
  controllers: [CheckInsController, ComplimentaryDrinksController],
  providers: [
    { provide: TicketCodes, useFactory: (config: AppConfig) => new TicketCodes(config.ticketSigning.privateKeyPem), inject: [APP_CONFIG] },
    CheckInsService,
  ],
  exports: [TicketCodes, CheckInsService],
})
export class CheckinModule {}
