import { SiteSettings1761000000000 } from './1761000000000-site-settings.js';
import { HttpSessions1761000001000 } from './1761000001000-http-sessions.js';
import { SimulatedPayments1761000200000 } from './1761000200000-simulated-payments.js';
import { PartyOrders1761000201000 } from './1761000201000-party-orders.js';
import { FeastOrders1761000202000 } from './1761000202000-feast-orders.js';
import { AnalyticsEvents1761000300000 } from './1761000300000-analytics-events.js';
import { Campaigns1761000310000 } from './1761000310000-campaigns.js';
import { Drinks1761000400000 } from './1761000400000-drinks.js';
import { AnalyticsPeople1761000500000 } from './1761000500000-analytics-people.js';
import { AnalyticsAttribution1761000600000 } from './1761000600000-analytics-attribution.js';
import { DropAttributionIndex1761000610000 } from './1761000610000-drop-attribution-index.js';
import { PaymentAbuseLimits1761000700000 } from './1761000700000-payment-abuse-limits.js';
import { AnalyticsTotals1761000710000 } from './1761000710000-analytics-totals.js';
import { DrinkOrderClientSecret1761000720000 } from './1761000720000-drink-order-client-secret.js';
import { StaffAccess1761001400000 } from './1761001400000-staff-access.js';
import { Door1761001500000 } from './1761001500000-door.js';
import { ConfirmationResends1761001620000 } from './1761001620000-confirmation-resends.js';
import { Settings1761001700000 } from './1761001700000-settings.js';
import { PromoCodes1761001800000 } from './1761001800000-promo-codes.js';
import { DrinksMenuHidden1761001900000 } from './1761001900000-drinks-menu-hidden.js';
import { Seasons1762000000000 } from './1762000000000-seasons.js';
import { PartyRefunds1762000100000 } from './1762000100000-party-refunds.js';
import { FeastPacks1763000000000 } from './1763000000000-feast-packs.js';
import { CompsAndDoorSales1763000100000 } from './1763000100000-comps-and-door-sales.js';
import { DisputesAndGatewayRefunds1763000200000 } from './1763000200000-disputes-and-gateway-refunds.js';
import { SettingsLock1764000000000 } from './1764000000000-settings-lock.js';
import { ActivitySubject1764000100000 } from './1764000100000-activity-subject.js';
import { OneOrderLifecycle1764000500000 } from './1764000500000-one-order-lifecycle.js';
import { LatePaymentReasons1764000700000 } from './1764000700000-late-payment-reasons.js';
import { PartyOrderGuests1764000900000 } from './1764000900000-party-order-guests.js';
import { BuiltInTicketTypes1764002100000 } from './1764002100000-built-in-ticket-types.js';
import { KeptCards1764002300000 } from './1764002300000-kept-cards.js';
import { Waitlist1764002000000 } from './1764002000000-waitlist.js';
import { TipsAndReceipts1764002200000 } from './1764002200000-tips-and-receipts.js';
import { ActivitySubjectBackfill1764000600000 } from './1764000600000-activity-subject-backfill.js';
import { GuestAccount1764002400000 } from './1764002400000-guest-account.js';
import { GuestPrivacy1764002600000 } from './1764002600000-guest-privacy.js';
import { Policies1764002700000 } from './1764002700000-policies.js';
import { GuestData1764002900000 } from './1764002900000-guest-data.js';
import { OrderLanguages1764003000000 } from './1764003000000-order-languages.js';
import { EmailLanguages1764003100000 } from './1764003100000-email-languages.js';
import { SharedRateLimits1764002500000 } from './1764002500000-shared-rate-limits.js';
import { TicketTypes1764000800000 } from './1764000800000-ticket-types.js';

/** Every migration, oldest first. Never rewrite one that has been committed: add a new one. */
export const MIGRATIONS = [
  SiteSettings1761000000000,
  HttpSessions1761000001000,
  SimulatedPayments1761000200000,
  PartyOrders1761000201000,
  FeastOrders1761000202000,
  AnalyticsEvents1761000300000,
  Campaigns1761000310000,
  Drinks1761000400000,
  AnalyticsPeople1761000500000,
  AnalyticsAttribution1761000600000,
  DropAttributionIndex1761000610000,
  PaymentAbuseLimits1761000700000,
  AnalyticsTotals1761000710000,
  DrinkOrderClientSecret1761000720000,
  StaffAccess1761001400000,
  Door1761001500000,
  ConfirmationResends1761001620000,
  Settings1761001700000,
  PromoCodes1761001800000,
  DrinksMenuHidden1761001900000,
  Seasons1762000000000,
  PartyRefunds1762000100000,
  FeastPacks1763000000000,
  CompsAndDoorSales1763000100000,
  DisputesAndGatewayRefunds1763000200000,
  SettingsLock1764000000000,
  ActivitySubject1764000100000,
  OneOrderLifecycle1764000500000,
  ActivitySubjectBackfill1764000600000,
  LatePaymentReasons1764000700000,
  TicketTypes1764000800000,
  PartyOrderGuests1764000900000,
  Waitlist1764002000000,
  BuiltInTicketTypes1764002100000,
  TipsAndReceipts1764002200000,
  KeptCards1764002300000,
  GuestAccount1764002400000,
  SharedRateLimits1764002500000,
  GuestPrivacy1764002600000,
  Policies1764002700000,
  GuestData1764002900000,
  OrderLanguages1764003000000,
  EmailLanguages1764003100000,
];
