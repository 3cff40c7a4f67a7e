import { BadRequestException, ConflictException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import {
  guestsRefusal,
  orderSeats,
  orderReference,
  uuidToBytes,
  type GuestMeal,
  type GuestMealChange,
  type MealSettings,
  type PartyGuest,
  type PartyOrderRequest,
} from '@festival/contracts';
import { ExclusiveSection } from '../../../common/exclusive-section.js';
import { SeasonsService } from '../../seasons/seasons.service.js';
import { MealSettingsService } from '../../settings/meal-settings.service.js';
import { PARTY_LOCK } from '../../settings/party-lock.js';
import { ActivityLog, GUEST_WHO } from '../../staff/activity-log.service.js';
import type { StaffActor } from '../../staff/staff-actor.js';
import { linesOf } from '../party-order-lines.js';
import { PartyOrderEntity } from '../party-order.entity.js';
import { PartyOrderGuestEntity } from './party-order-guest.entity.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../../common/guest-refusals.js';

/** Whether a row chosen at `chosenAt` came after the season's `Meal choices close`. */
export const chosenLate = (chosenAt: Date, meals: Pick<MealSettings, 'choicesCloseAt'>): boolean =>
  meals.choicesCloseAt !== null && chosenAt.getTime() >= Date.parse(meals.choicesCloseAt);

export function toGuestMeal(row: PartyOrderGuestEntity, meals: MealSettings): GuestMeal {
  return {
    seat: row.seat,
    name: row.name,
    meal: row.meal,
    allergens: JSON.parse(row.allergens) as string[],
    note: row.note,
    late: chosenLate(row.chosenAt, meals),
  };
}

const allergensText = (allergens: readonly string[]) => (allergens.length === 0 ? 'none' : allergens.join(', '));

/**
 * Each seat's meal and dietary needs (docs/meals.md): checked and stored with the order that asks
 * them, read for the order's details, receipt and e-mail, and changed by the manager.
 */
@Injectable()
export class PartyMeals {
  constructor(
    @InjectRepository(PartyOrderGuestEntity) private readonly guests: Repository<PartyOrderGuestEntity>,
    private readonly mealSettings: MealSettingsService,
    private readonly seasons: SeasonsService,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
  ) {}

  /**
   * Inside the order's transaction (under the party lock): the request's meal rows checked
   * against the Meals section read there, one per seat when the season has options, none
   * otherwise. A refusal is a 400 naming the field (`guests.1.meal: Choose a meal: …`); the
   * transaction rolls back, so nothing is created.
   */
  async check(manager: EntityManager, request: PartyOrderRequest, seats: number): Promise<PartyGuest[]> {
    const meals = await this.mealSettings.readMeals(manager);
    const refusal = guestsRefusal(request.guests, seats, meals);
    if (refusal) throw new BadRequestException(refusal);
    return request.guests ?? [];
  }

  /** Stores the checked rows of a new order, seats numbered from 1, in the order's transaction. */
  async store(manager: EntityManager, order: Pick<PartyOrderEntity, 'id' | 'eventId'>, guests: readonly PartyGuest[], now: Date) {
    if (guests.length === 0) return;
    await manager.insert(
      PartyOrderGuestEntity,
      guests.map((guest, index) => this.rowOf(order, index + 1, guest, now)),
    );
  }

  /** An order's meal rows, seat by seat, `late` by its season's `Meal choices close`. */
  async guestsOf(order: Pick<PartyOrderEntity, 'id' | 'eventId'>, manager: EntityManager = this.guests.manager): Promise<GuestMeal[]> {
    const rows = await manager.find(PartyOrderGuestEntity, { where: { orderId: order.id }, order: { seat: 'ASC' } });
    if (rows.length === 0) return [];
    const meals = await this.mealSettings.readMealsOf(manager, order.eventId);
    return rows.map((row) => toGuestMeal(row, meals));
  }

  /** The meal rows of several orders of one season (the door's guest list), by order id. */
  async guestsOfOrders(orderIds: readonly string[], eventId: number): Promise<Map<string, GuestMeal[]>> {
    const byOrder = new Map<string, GuestMeal[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await this.guests.find({ where: { orderId: In([...orderIds]) }, order: { orderId: 'ASC', seat: 'ASC' } });
    const meals = await this.mealSettings.readMealsOf(this.guests.manager, eventId);
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), toGuestMeal(row, meals)]);
    return byOrder;
  }

  /**
   * The manager's change of one seat's meal row (made if the order had none: a comp, a door sale),
   * under the party lock with its `ticket.meal` activity entry. Only a paid order of the season
   * on sale, a seat whose ticket is not refunded (`orderSeats`), and the season's options and allergens are taken.
   * After `Meal choices close` the change is still made, marked late for the kitchen.
   */
  async change(orderId: string, seat: number, input: GuestMealChange, actor: StaffActor): Promise<GuestMeal[]> {
    return this.changeRow(orderId, seat, input, { actor });
  }

  /**
   * The guest's own change on My tickets (docs/guest-account.md): the same checks as the
   * manager's, only an order bought with `email`, and only while meal choices are open (409
   * `meals.closed` of GUEST_REFUSALS after `Meal choices close`). Logged as the guest's.
   */
  async changeByGuest(orderId: string, seat: number, input: GuestMealChange, email: string): Promise<GuestMeal[]> {
    return this.changeRow(orderId, seat, input, { actor: null, guestEmail: email });
  }

  private async changeRow(
    orderId: string,
    seat: number,
    input: GuestMealChange,
    who: { actor: StaffActor | null; guestEmail?: string },
  ): Promise<GuestMeal[]> {
    return this.exclusive.run(PARTY_LOCK, async (manager) => {
      const now = new Date();
      const found = uuidToBytes(orderId) ? await manager.findOneBy(PartyOrderEntity, { id: orderId.toLowerCase() }) : null;
      const order = found && (who.guestEmail === undefined || found.customerEmail.toLowerCase() === who.guestEmail) ? found : null;
      if (!order) throw new GuestRefusal(HttpStatus.NOT_FOUND, GUEST_REFUSALS.partyOrderNotFound);
      if (order.eventId !== (await this.seasons.readCurrentId(manager)))
        throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.mealsPastEvent);
      if (order.status !== 'paid') throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.mealsUnpaid);
      const meals = await this.mealSettings.readMeals(manager);
      if (meals.options.length === 0) {
        throw new ConflictException(
          who.guestEmail === undefined ? 'This event asks no meals: add meal options in Settings first' : 'This event asks no meals',
        );
      }
      if (who.guestEmail !== undefined && chosenLate(now, meals)) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.mealsClosed);
      const seats = orderSeats({ ...order, lines: await linesOf(manager, order.id) });
      if (!Number.isInteger(seat) || seat < 1 || seat > seats.length) {
        throw new BadRequestException(`seat: Seat must be from 1 to ${seats.length}, the order's seats`);
      }
      if (!seats[seat - 1]!.valid) throw new BadRequestException(`seat: Seat ${seat}'s ticket was refunded`);
      const refusal = guestsRefusal([input], 1, meals);
      if (refusal) throw new BadRequestException(refusal.replaceAll('guests.0.', ''));
      const before = await manager.findOneBy(PartyOrderGuestEntity, { orderId: order.id, seat });
      await manager.upsert(PartyOrderGuestEntity, this.rowOf(order, seat, input, now), ['orderId', 'seat']);
      const was = before ? `${before.meal} (allergens ${allergensText(JSON.parse(before.allergens) as string[])})` : 'not chosen';
      const late = chosenLate(now, meals) ? '; after meal choices closed' : '';
      await this.activity.record(
        manager,
        who.actor,
        {
          action: 'ticket.meal',
          // As the order's other entries name it (PartyOrderAdmin's ticketObject).
          object: `Ticket ${orderReference(order.id)} (${order.customerName})`,
          detail: `Seat ${seat}: ${was} → ${input.meal} (allergens ${allergensText(input.allergens)})${late}`,
          subjectId: order.id,
          who: who.actor ? undefined : GUEST_WHO,
        },
        now,
      );
      return this.guestsOf(order, manager);
    });
  }

  private rowOf(order: Pick<PartyOrderEntity, 'id' | 'eventId'>, seat: number, guest: PartyGuest, now: Date): PartyOrderGuestEntity {
    return {
      orderId: order.id,
      seat,
      eventId: order.eventId,
      name: guest.name?.trim() || null,
      meal: guest.meal,
      allergens: JSON.stringify(guest.allergens),
      note: guest.note?.trim() || null,
      chosenAt: now,
    };
  }
}
