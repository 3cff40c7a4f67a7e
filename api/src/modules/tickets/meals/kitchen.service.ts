import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { NOT_CHOSEN_MEAL, orderReference, type KitchenAllergy, type KitchenCounts, type KitchenMealCount } from '@festival/contracts';
import { SeasonsService } from '../../seasons/seasons.service.js';
import { MealSettingsService } from '../../settings/meal-settings.service.js';
import { PartyOrderEntity, validTicketsOf } from '../party-order.entity.js';
import { PartyOrderGuestEntity } from './party-order-guest.entity.js';
import { toGuestMeal } from './party-meals.service.js';

/**
 * `Kitchen Counts` (docs/meals.md): the season on sale's paid, not refunded seats by meal. An
 * order's seats are its valid tickets (comps and door sales included); its meal rows count for
 * seats 1 to that number (a refund takes the highest seats off), and seats without a row count
 * as `Not chosen`. A meal no longer offered still counts under its own name.
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
        select: { id: true, customerName: true, adultTickets: true, childTickets: true, refundedAdults: true, refundedChildren: true },
      }),
      manager.find(PartyOrderGuestEntity, { where: { eventId }, order: { orderId: 'ASC', seat: 'ASC' } }),
    ]);
    const seatsOf = new Map(orders.map((order) => [order.id, { seats: validTicketsOf(order), name: order.customerName }]));
    const counts = new Map<string, KitchenMealCount>(meals.options.map((option) => [option, { option, count: 0, late: 0 }]));
    const allergies: KitchenAllergy[] = [];
    let chosen = 0;
    for (const row of rows) {
      const order = seatsOf.get(row.orderId);
      if (!order || row.seat > order.seats) continue;
      const guest = toGuestMeal(row, meals);
      const count = counts.get(guest.meal) ?? { option: guest.meal, count: 0, late: 0 };
      count.count += 1;
      if (guest.late) count.late += 1;
      counts.set(guest.meal, count);
      chosen += 1;
      if (guest.allergens.length > 0 || guest.note) {
        allergies.push({
          orderId: row.orderId,
          reference: orderReference(row.orderId),
          seat: guest.seat,
          guest: guest.name ?? `${order.name}, seat ${guest.seat}`,
          meal: guest.meal,
          allergens: guest.allergens,
          note: guest.note,
          late: guest.late,
        });
      }
    }
    const seats = [...seatsOf.values()].reduce((sum, order) => sum + order.seats, 0);
    const list = [...counts.values()];
    if (seats > chosen) list.push({ option: NOT_CHOSEN_MEAL, count: seats - chosen, late: 0 });
    allergies.sort((a, b) => a.reference.localeCompare(b.reference) || a.seat - b.seat);
    return { meals: list, allergies, seats, choicesCloseAt: meals.choicesCloseAt };
  }
}
