import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { CodesModule } from '../codes/codes.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { ConfirmationResends } from './confirmation-resends.service.js';
import { GuestOrders } from './guest-orders.service.js';
import { PartyOrderAdmin } from './party-order-admin.service.js';
import { PartyRefunds } from './party-refunds.service.js';
import { KitchenController } from './meals/kitchen.controller.js';
import { KitchenService } from './meals/kitchen.service.js';
import { PartyOrderGuestEntity } from './meals/party-order-guest.entity.js';
import { PartyMeals } from './meals/party-meals.service.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { PromoCodeEntity } from './promo-code.entity.js';
import { PromoCodesController } from './promo-codes.controller.js';
import { PromoCodesService } from './promo-codes.service.js';
import { PartyRefundEntity } from './party-refund.entity.js';
import { PartyOrdersController } from './party-orders.controller.js';
import { PartyQuoteService } from './party-quote.service.js';
import { TicketEmailService } from './ticket-email.service.js';
import { TicketReportsService } from './ticket-reports.service.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsService } from './tickets.service.js';
import { PartyOrderItemEntity } from './party-order-item.entity.js';
import { TicketTypeEntity } from './ticket-types/ticket-type.entity.js';
import { TicketTypesController } from './ticket-types/ticket-types.controller.js';
import { TicketTypesService } from './ticket-types/ticket-types.service.js';
import { WaitlistModule } from './waitlist/waitlist.module.js';
import { KeptCardsModule } from '../kept-cards/kept-cards.module.js';
import { PartyKeepCard } from './party-keep-card.service.js';
import { PrivacyModule } from '../privacy/privacy.module.js';

/** Party tickets: pricing, holds against capacity, payment completion, confirmation e-mails and their resends. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      PartyOrderEntity,
      PartyRefundEntity,
      PromoCodeEntity,
      PartyOrderGuestEntity,
      TicketTypeEntity,
      PartyOrderItemEntity,
    ]),
    SettingsModule,
    AnalyticsModule,
    CodesModule,
    WaitlistModule,
    KeptCardsModule,
    PrivacyModule,
  ],
  controllers: [TicketsController, PartyOrdersController, PromoCodesController, KitchenController, TicketTypesController],
  providers: [
    PartyOrderAdmin,
    PartyRefunds,
    TicketsService,
    PartyQuoteService,
    TicketReportsService,
    TicketEmailService,
    ConfirmationResends,
    PromoCodesService,
    PartyMeals,
    KitchenService,
    TicketTypesService,
    PartyKeepCard,
    GuestOrders,
  ],
  exports: [
    TicketsService,
    TicketReportsService,
    PartyOrderAdmin,
    PartyQuoteService,
    TicketEmailService,
    PartyMeals,
    TicketTypesService,
    GuestOrders,
    ConfirmationResends,
  ],
})
export class TicketsModule {}
