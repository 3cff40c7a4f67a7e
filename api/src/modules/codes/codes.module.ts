import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { TicketCodes } from './ticket-codes.js';

/**
 * The signed codes (docs/door.md): each party order's ticket code and each feast pre-order's
 * pickup code, signed with the one key. The tickets and feast modules put them in their e-mails;
 * the door and the pickup desk check them.
 */
@Module({
  providers: [
    { provide: TicketCodes, useFactory: (config: AppConfig) => new TicketCodes(config.ticketSigning.privateKeyPem), inject: [APP_CONFIG] },
  ],
  exports: [TicketCodes],
})
export class CodesModule {}
