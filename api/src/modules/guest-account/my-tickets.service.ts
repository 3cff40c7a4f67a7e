import { Inject, Injectable } from '@nestjs/common';
import QRCode from 'qrcode';
import { mealChoicesClosed, type GuestMeal, type GuestMealChange, type MyTickets, type MyTicketsOrder } from '@festival/contracts';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { TicketCodes } from '../codes/ticket-codes.js';
import { DrinkTicketTabs } from '../drinks/drink-ticket-tabs.service.js';
import { GuestDrinks } from '../drinks/guest-drinks.service.js';
import { KeptCardsService } from '../kept-cards/kept-cards.service.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { MealSettingsService } from '../settings/meal-settings.service.js';
import { SiteService } from '../settings/site.service.js';
import { ConfirmationResends } from '../tickets/confirmation-resends.service.js';
import { GuestOrders, type GuestOrder } from '../tickets/guest-orders.service.js';
import { PartyMeals } from '../tickets/meals/party-meals.service.js';

/**
 * What a guest signed in on My tickets sees and does (docs/guest-account.md): the orders
 * bought with their e-mail address in the season on sale, each with its door code and QR, the
 * meals while they are open, the card kept for drinks (and forgetting it), their drinks tabs and
 * orders, and a resend of the confirmation.
 */
@Injectable()
export class MyTicketsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orders: GuestOrders,
    private readonly codes: TicketCodes,
    private readonly site: SiteService,
    private readonly mealSettings: MealSettingsService,
    private readonly meals: PartyMeals,
    private readonly resends: ConfirmationResends,
    private readonly keptCards: KeptCardsService,
    private readonly drinks: GuestDrinks,
    private readonly ticketTabs: DrinkTicketTabs,
    private readonly seasons: SeasonsService,
  ) {}

  async of(email: string, now = new Date()): Promise<MyTickets> {
    const [{ party }, meals, orders, eventId] = await Promise.all([
      this.site.get(),
      this.mealSettings.stored(),
      this.orders.ordersOf(email),
      this.seasons.currentId(),
    ]);
    const [kept, drinks] = await Promise.all([
      this.keptCards.keptWith(orders.map((order) => order.orderId)),
      this.drinks.of(email, eventId),
    ]);
    return {
      email,
      event: { name: party.name, startsAt: party.startsAt, endsAt: party.endsAt, venue: party.venue.name },
      meals:
        meals.options.length === 0 ? null : { options: meals.options, allergens: meals.allergens, open: !mealChoicesClosed(meals, now) },
      walletPasses: this.config.wallet !== undefined,
      orders: await Promise.all(orders.map((order) => this.toOrder(order, kept.get(order.orderId) ?? null))),
      drinks,
    };
  }

  /** `Forget my card` on one of the guest's orders: detached at the gateway at once (409 while a tab on it is open). */
  async forgetCard(email: string, orderId: string): Promise<void> {
    await this.orders.orderOf(email, orderId);
    await this.ticketTabs.forgetOrder(orderId);
  }

  /** The confirmation e-mailed again (the guests' limit of resends holds). */
  async resend(email: string, orderId: string): Promise<void> {
    await this.resends.forSignedInGuest(orderId, email);
  }

  /** The guest's change of one seat's meal, while meal choices are open. */
  changeMeal(email: string, orderId: string, seat: number, change: GuestMealChange): Promise<GuestMeal[]> {
    return this.meals.changeByGuest(orderId, seat, change, email);
  }

  private async toOrder(order: GuestOrder, keptCard: MyTicketsOrder['keptCard']): Promise<MyTicketsOrder> {
    const doorCode = this.codes.codeFor(order.orderId);
    return {
      orderId: order.orderId,
      reference: order.reference,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      totalCents: order.totalCents,
      tickets: order.tickets,
      doorCode,
      // The same library and options as the confirmation e-mail's QR.
      qrSvg: await QRCode.toString(doorCode, { type: 'svg', margin: 1 }),
      guests: order.guests,
      keptCard,
    };
  }
}
