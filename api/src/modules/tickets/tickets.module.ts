import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { CheckinModule } from '../checkin/checkin.module.js';
import { FeastModule } from '../feast/feast.module.js';
import { PromoCodesModule } from '../promo-codes/promo-codes.module.js';
import { SiteModule } from '../site/site.module.js';
import { ConfirmationResends } from './confirmation-resends.service.js';
import { PartyOrderAdmin } from './party-order-admin.service.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { PartyRefundEntity } from './party-refund.entity.js';
import { PartyOrdersController } from './party-orders.controller.js';
import { PartyQuoteService } from './party-quote.service.js';
import { TicketEmailService } from './ticket-email.service.js';
import { StaffSalesController } from './staff-sales.controller.js';
import { StaffSalesService } from './staff-sales.service.js';
import { TicketReportsService } from './ticket-reports.service.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsService } from './tickets.service.js';

/** Party tickets: pricing, holds against capacity, payment completion, confirmation e-mails and their resends. */
@Module({
  imports: [
    TypeOrmModule.forFeature([PartyOrderEntity, PartyRefundEntity]),
    SiteModule,
    AnalyticsModule,
    CheckinModule,
    PromoCodesModule,
    FeastModule,
  ],
  controllers: [TicketsController, PartyOrdersController, StaffSalesController],
  providers: [
    PartyOrderAdmin,
    TicketsService,
    PartyQuoteService,
    TicketReportsService,
    TicketEmailService,
    ConfirmationResends,
    StaffSalesService,
  ],
  exports: [TicketsService, TicketReportsService],
})
export class TicketsModule {}
