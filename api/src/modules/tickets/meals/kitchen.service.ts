import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import {
  NOT_CHOSEN_MEAL,
  orderReference,
  orderSeats,
  type KitchenAllergy,
  type KitchenCounts,
  type KitchenMealCount,
  type KitchenTable,
} from '@festival/contracts';
import { SeasonsService } from '../../seasons/seasons.service.js';
import { MealSettingsService } from '../../settings/meal-settings.service.js';
import { PartyOrderItemEntity } from '../party-order-item.entity.js';
import { PartyOrderEntity } from '../party-order.entity.js';
import { PartyOrderGuestEntity } from './party-order-guest.entity.js';
import { toGuestMeal } from './party-meals.service.js';

/**
 * `Kitchen Counts` (docs/meals.md): the season on sale's paid, not refunded seats by meal. An
 * order's seats are laid out by `orderSeats` (adults, children, then each ticket of another type,
 * a table's seats together); a seat counts while its ticket is not refunded, under its row's meal
 * or as `Not chosen` without one. A meal no longer offered still counts under its own name. Each
 * valid ticket of several seats (a table) gets its own meal totals.
 */
@Injectable()
export class KitchenService {
  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    private readonly mealSettings: MealSettingsService,
    private readonly seasons: SeasonsService,
  ) {}

  async counts(): Promise<KitchenCounts> {
    const manager = this.orders.manager;
    const eventId = await this.seasons.readCurrentId(manager);
    const meals = await this.mealSettings.readMeals(manager);
    const [orders, rows] = await Promise.all([
      manager.find(PartyOrderEntity, {
        where: { eventId, status: 'paid' },
        select: {
          id: true,
          customerName: true,
          adultTickets: true,
          childTickets: true,
          refundedAdults: true,
          refundedChildren: true,
          extraSeats: true,
        },
      }),
      manager.find(PartyOrderGuestEntity, { where: { eventId }, order: { orderId: 'ASC', seat: 'ASC' } }),
    ]);
    const withLines = orders.filter((order) => order.extraSeats > 0).map((order) => order.id);
    const lines =
      withLines.length === 0 ? [] : await manager.find(PartyOrderItemEntity, { where: { orderId: In(withLines) }, order: { id: 'ASC' } });
    const seatsOf = new Map(
      orders.map((order) => [
        order.id,
        { name: order.customerName, seats: orderSeats({ ...order, lines: lines.filter((line) => line.orderId === order.id) }) },
      ]),
    );
    const mealOf = new Map(rows.map((row) => [`${row.orderId}:${row.seat}`, toGuestMeal(row, meals)]));

    const counts = new Map<string, KitchenMealCount>(meals.options.map((option) => [option, { option, count: 0, late: 0 }]));
    const allergies: KitchenAllergy[] = [];
    const tables: KitchenTable[] = [];
    let seatCount = 0;
    for (const [orderId, order] of seatsOf) {
      const reference = orderReference(orderId);
      let table: KitchenTable | undefined;
      for (const seat of order.seats.filter((candidate) => candidate.valid)) {
        seatCount += 1;
        const guest = mealOf.get(`${orderId}:${seat.seat}`);
        const meal = guest?.meal ?? NOT_CHOSEN_MEAL;
        if (guest) {
          const count = counts.get(meal) ?? { option: meal, count: 0, late: 0 };
          count.count += 1;
          if (guest.late) count.late += 1;
          counts.set(meal, count);
          if (guest.allergens.length > 0 || guest.note) {
            allergies.push({
              orderId,
              reference,
              seat: seat.seat,
              guest: guest.name ?? `${order.name}, seat ${seat.seat}`,
              meal,
              allergens: guest.allergens,
              note: guest.note,
              late: guest.late,
            });
          }
        }
        if (seat.ticketSeats > 1) {
          // A ticket's seats come together and are valid together: a full table is followed by the next.
          if (!table || seatsIn(table) === table.seats) {
            table = { orderId, reference, buyer: order.name, ticket: seat.ticketLabel, seats: seat.ticketSeats, meals: [] };
            tables.push(table);
          }
          addMeal(table.meals, meal);
        }
      }
    }
    const chosen = [...counts.values()].reduce((sum, count) => sum + count.count, 0);
    const list = [...counts.values()];
    if (seatCount > chosen) list.push({ option: NOT_CHOSEN_MEAL, count: seatCount - chosen, late: 0 });
    allergies.sort((a, b) => a.reference.localeCompare(b.reference) || a.seat - b.seat);
    for (const table of tables) table.meals.sort((a, b) => mealRank(a.option, meals.options) - mealRank(b.option, meals.options));
    tables.sort((a, b) => a.reference.localeCompare(b.reference) || a.ticket.localeCompare(b.ticket, 'en', { numeric: true }));
    return { meals: list, allergies, tables, seats: seatCount, choicesCloseAt: meals.choicesCloseAt };
  }
}

const seatsIn = (table: KitchenTable) => table.meals.reduce((sum, meal) => sum + meal.count, 0);

function addMeal(list: { option: string; count: number }[], option: string): void {
  const found = list.find((entry) => entry.option === option);
  if (found) found.count += 1;
  else list.push({ option, count: 1 });
}

/** A table's meals in the settings' order, then meals no longer offered, then `Not chosen`. */
const mealRank = (option: string, options: readonly string[]) =>
  option === NOT_CHOSEN_MEAL ? options.length + 1 : options.includes(option) ? options.indexOf(option) : options.length;
