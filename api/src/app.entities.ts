import { GuestLinkEntity } from './modules/guest-account/guest-link.entity.js';
import { GuestSessionEntity } from './modules/guest-account/guest-session.entity.js';
import { AnalyticsEventEntity } from './modules/analytics/analytics-event.entity.js';
import { DrinkEntity } from './modules/drinks/drink.entity.js';
import { DrinkOrderEntity } from './modules/drinks/drink-order.entity.js';
import { DrinkTabEntity } from './modules/drinks/drink-tab.entity.js';
import { DrinkReceiptEntity } from './modules/drinks/receipts/drink-receipt.entity.js';
import { HttpSessionEntity } from './modules/auth/http-session.entity.js';
import { PaymentDeclineEntity } from './modules/payments/payment-decline.entity.js';
import { PaymentDisputeEntity } from './modules/payments/payment-dispute.entity.js';
import { StaffActivityEntity } from './modules/staff/staff-activity.entity.js';
import { StaffDeviceEntity } from './modules/staff/staff-device.entity.js';
import { SimulatedPaymentEntity } from './modules/payments/simulated-payment.entity.js';
import { FeastOrderEntity } from './modules/feast/feast-order.entity.js';
import { FeastPackEntity } from './modules/feast/feast-pack.entity.js';
import { FeastPickupSlotEntity } from './modules/feast/feast-pickup-slot.entity.js';
import { CampaignRecipientEntity } from './modules/campaigns/campaign-recipient.entity.js';
import { CampaignSendClockEntity } from './modules/campaigns/campaign-send-clock.entity.js';
import { CampaignEntity } from './modules/campaigns/campaign.entity.js';
import { SiteSettingEntity } from './modules/site/site-setting.entity.js';
import { PartyOrderEntity } from './modules/tickets/party-order.entity.js';
import { TicketRedemptionEntity } from './modules/tickets/ticket-redemption.entity.js';
import { ConfirmationResendEntity } from './modules/tickets/confirmation-resend.entity.js';
import { SettingEntity } from './modules/settings/setting.entity.js';
import { PromoCodeEntity } from './modules/tickets/promo-code.entity.js';
import { KeptCardEntity } from './modules/kept-cards/kept-card.entity.js';
import { WaitlistEntryEntity } from './modules/tickets/waitlist/waitlist-entry.entity.js';
import { PartyRefundEntity } from './modules/tickets/party-refund.entity.js';
import { PartyOrderGuestEntity } from './modules/tickets/meals/party-order-guest.entity.js';
import { SeasonEntity } from './modules/seasons/season.entity.js';
import { TicketTypeEntity } from './modules/tickets/ticket-types/ticket-type.entity.js';
import { PartyOrderItemEntity } from './modules/tickets/party-order-item.entity.js';
import { ConsentRecordEntity } from './modules/privacy/consent-record.entity.js';
import { EmailSuppressionEntity } from './modules/privacy/email-suppression.entity.js';
import { PolicyVersionEntity } from './modules/privacy/policy-version.entity.js';

/** Every entity of the API, registered once with the data source. */
export const ENTITIES = [
  SiteSettingEntity,
  HttpSessionEntity,
  SimulatedPaymentEntity,
  PartyOrderEntity,
  FeastOrderEntity,
  FeastPackEntity,
  FeastPickupSlotEntity,
  AnalyticsEventEntity,
  CampaignEntity,
  CampaignRecipientEntity,
  EmailSuppressionEntity,
  PolicyVersionEntity,
  ConsentRecordEntity,
  CampaignSendClockEntity,
  DrinkEntity,
  DrinkOrderEntity,
  DrinkTabEntity,
  DrinkReceiptEntity,
  PaymentDeclineEntity,
  StaffDeviceEntity,
  StaffActivityEntity,
  TicketRedemptionEntity,
  ConfirmationResendEntity,
  SettingEntity,
  PromoCodeEntity,
  WaitlistEntryEntity,
  SeasonEntity,
  PartyRefundEntity,
  PaymentDisputeEntity,
  TicketTypeEntity,
  PartyOrderItemEntity,
  PartyOrderGuestEntity,
  KeptCardEntity,
  GuestLinkEntity,
  GuestSessionEntity,
];
