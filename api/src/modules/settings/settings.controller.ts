import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import {
  eventSettingsSchema,
  guestDataSettingsSchema,
  mealSettingsSchema,
  restaurantSettingsSchema,
  ticketSettingsSchema,
  type AdminSettings,
  type EventSettings,
  type GuestDataSettings,
  type MealSettings,
  type RestaurantSettings,
  type TicketSettings,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { SettingsService } from './settings.service.js';
import { GuestDataSettingsService } from './guest-data-settings.service.js';
import { MealSettingsService } from './meal-settings.service.js';
import { TicketSettingsService } from './ticket-settings.service.js';
import { ApiRoute } from '../../common/route-facts.js';

/** The manager's settings (docs/settings.md): manager only (no @Roles). */
@Controller('admin/settings')
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly ticketSettings: TicketSettingsService,
    private readonly mealSettings: MealSettingsService,
    private readonly guestData: GuestDataSettingsService,
  ) {}

  @Get()
  @ApiRoute({ tag: 'settings', summary: 'Tickets, restaurant and event settings', response: { type: 'AdminSettings' } })
  @Header('Cache-Control', 'no-store')
  get(): Promise<AdminSettings> {
    return this.settings.adminView();
  }

  /** The whole Tickets section; answers it as saved. */
  @Put('tickets')
  @ApiRoute({
    tag: 'settings',
    summary: 'Change the ticket settings',
    body: { schema: ticketSettingsSchema, name: 'TicketSettings' },
    response: { schema: ticketSettingsSchema, name: 'TicketSettings' },
  })
  @Header('Cache-Control', 'no-store')
  saveTickets(
    @Body(new ZodValidationPipe(ticketSettingsSchema)) body: TicketSettings,
    @CurrentStaff() actor: StaffActor,
  ): Promise<TicketSettings> {
    return this.ticketSettings.update(body, actor);
  }

  /** The whole Restaurant section; answers it as saved. */
  @Put('restaurant')
  @ApiRoute({
    tag: 'settings',
    summary: "Change the restaurant's details",
    body: { schema: restaurantSettingsSchema, name: 'RestaurantSettings' },
    response: { schema: restaurantSettingsSchema, name: 'RestaurantSettings' },
  })
  @Header('Cache-Control', 'no-store')
  saveRestaurant(
    @Body(new ZodValidationPipe(restaurantSettingsSchema)) body: RestaurantSettings,
    @CurrentStaff() actor: StaffActor,
  ): Promise<RestaurantSettings> {
    return this.settings.updateRestaurant(body, actor);
  }

  /** The whole Event section; answers it as saved. */
  @Put('event')
  @ApiRoute({
    tag: 'settings',
    summary: "Change the party's details",
    body: { schema: eventSettingsSchema, name: 'EventSettings' },
    response: { schema: eventSettingsSchema, name: 'EventSettings' },
  })
  @Header('Cache-Control', 'no-store')
  saveEvent(
    @Body(new ZodValidationPipe(eventSettingsSchema)) body: EventSettings,
    @CurrentStaff() actor: StaffActor,
  ): Promise<EventSettings> {
    return this.settings.updateEvent(body, actor);
  }

  /** The Meals section (docs/meals.md), as the settings page edits it. */
  @Get('meals')
  @ApiRoute({
    tag: 'settings',
    summary: 'The meal options, allergens and when meal choices close',
    response: { schema: mealSettingsSchema, name: 'MealSettings' },
  })
  @Header('Cache-Control', 'no-store')
  getMeals(): Promise<MealSettings> {
    return this.mealSettings.stored();
  }

  /** The whole Meals section (docs/meals.md); answers it as saved. */
  @Put('meals')
  @ApiRoute({
    tag: 'settings',
    summary: 'Change the meal options, allergens and when meal choices close',
    body: { schema: mealSettingsSchema, name: 'MealSettings' },
    response: { schema: mealSettingsSchema, name: 'MealSettings' },
  })
  @Header('Cache-Control', 'no-store')
  saveMeals(@Body(new ZodValidationPipe(mealSettingsSchema)) body: MealSettings, @CurrentStaff() actor: StaffActor): Promise<MealSettings> {
    return this.mealSettings.update(body, actor);
  }

  /** The Guest data section (docs/settings.md): `Keep guest data for`. */
  @Get('guest-data')
  @ApiRoute({
    tag: 'settings',
    summary: 'How long guest data is kept after a season ends',
    response: { schema: guestDataSettingsSchema, name: 'GuestDataSettings' },
  })
  @Header('Cache-Control', 'no-store')
  getGuestData(): Promise<GuestDataSettings> {
    return this.guestData.stored();
  }

  /** The whole Guest data section; answers it as saved, or 400 `keepGuestDataMonths: ...`. */
  @Put('guest-data')
  @ApiRoute({
    tag: 'settings',
    summary: 'Change how long guest data is kept after a season ends',
    body: { schema: guestDataSettingsSchema, name: 'GuestDataSettings' },
    response: { schema: guestDataSettingsSchema, name: 'GuestDataSettings' },
  })
  @Header('Cache-Control', 'no-store')
  saveGuestData(
    @Body(new ZodValidationPipe(guestDataSettingsSchema)) body: GuestDataSettings,
    @CurrentStaff() actor: StaffActor,
  ): Promise<GuestDataSettings> {
    return this.guestData.update(body, actor);
  }
}
