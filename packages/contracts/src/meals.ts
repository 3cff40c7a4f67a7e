import './zod-setup.js';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';

const defineSchema = <T>(build: () => T): T => build();

/** Meal options and allergens one season may have. */
export const MAX_MEAL_OPTIONS = 12;
export const MAX_ALLERGENS = 20;
/** The longest meal option or allergen name. */
export const MAX_MEAL_LABEL = 40;
/** `Other dietary needs`: up to 200 characters. */
export const MAX_DIETARY_NOTE = 200;
export const MAX_GUEST_NAME = 80;
/** Meal rows one order may carry: one per seat, and tables admit several (docs/ticket-types.md). */
export const MAX_GUEST_ROWS = 200;
/** Kitchen Counts' row for seats without a meal row (comps, door sales, orders placed before meals were asked). */
export const NOT_CHOSEN_MEAL = 'Not chosen';

const label = (what: string) =>
  z.string().trim().min(1, `${what} cannot be empty`).max(MAX_MEAL_LABEL, `${what} cannot be longer than ${MAX_MEAL_LABEL} characters`);

const noDuplicates = (values: string[], ctx: z.RefinementCtx, field: string, what: string) => {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    const key = value.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `${what} ${value} is listed twice`, path: [field, index] });
    seen.add(key);
  });
};

/**
 * The `Meals` section of the settings (docs/meals.md): the season's meal options (none: the party
 * asks no meals), the allergens each guest is asked about, and when meal choices close (ISO 8601
 * with an offset, or null: never).
 */
export const mealSettingsSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      options: z.array(label('Meal option')).max(MAX_MEAL_OPTIONS, `At most ${MAX_MEAL_OPTIONS} meal options`),
      allergens: z.array(label('Allergen')).max(MAX_ALLERGENS, `At most ${MAX_ALLERGENS} allergens`),
      choicesCloseAt: z.iso
        .datetime({
          offset: true,
          error: valueMessage('Meal choices close must be a date and time such as 2026-10-20T18:00:00-07:00'),
        })
        .nullable(),
    })
    .superRefine((value, ctx) => {
      noDuplicates(value.options, ctx, 'options', 'Meal option');
      noDuplicates(value.allergens, ctx, 'allergens', 'Allergen');
      value.options.forEach((option, index) => {
        if (option.toLowerCase() === NOT_CHOSEN_MEAL.toLowerCase()) {
          ctx.addIssue({ code: 'custom', message: `${NOT_CHOSEN_MEAL} is kept for guests without a meal`, path: ['options', index] });
        }
      });
    }),
);
export type MealSettings = z.infer<typeof mealSettingsSchema>;

/** A season without meals: the party asks none. */
export const DEFAULT_MEAL_SETTINGS: MealSettings = { options: [], allergens: [], choicesCloseAt: null };

/** One seat's meal row in the order request (`guests`): the meal must be one of the season's options. */
export const partyGuestSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    name: z.string().trim().max(MAX_GUEST_NAME, `Guest name cannot be longer than ${MAX_GUEST_NAME} characters`).optional(),
    meal: z.string().trim().min(1, 'Choose a meal').max(MAX_MEAL_LABEL, 'Choose a meal'),
    allergens: z.array(z.string().trim().max(MAX_MEAL_LABEL, 'Unknown allergen')).max(MAX_ALLERGENS, 'Too many allergens'),
    note: z.string().trim().max(MAX_DIETARY_NOTE, `Other dietary needs cannot be longer than ${MAX_DIETARY_NOTE} characters`).optional(),
  }),
);
export type PartyGuest = z.infer<typeof partyGuestSchema>;

/** The order request's `guests` field (one row per seat); the count is checked against the seats. */
export const partyGuestsField = /* @__PURE__ */ defineSchema(() =>
  z.array(partyGuestSchema).max(MAX_GUEST_ROWS, 'Too many guest rows').optional(),
);

/**
 * The seats an order request admits, each of which is asked a meal: adult tickets plus child
 * tickets (children under the youngest child age are free, take no ticket and are not asked),
 * plus the seats of its tickets of other types (a table for 8 is 8, docs/ticket-types.md).
 * The one place a meal row count is decided.
 */
export function mealSeatsOf(request: { adultTickets: number; childTickets: number; extraSeats?: number }): number {
  return request.adultTickets + request.childTickets + (request.extraSeats ?? 0);
}

/** An order's tickets, as the seat layout reads them (refunded counts left out: none refunded). */
export interface SeatedOrder {
  adultTickets: number;
  childTickets: number;
  refundedAdults?: number;
  refundedChildren?: number;
  /** Its tickets of other types, in the order they were bought (the request's `items` order). */
  lines?: readonly { name: string; seats: number; quantity: number; refundedQuantity?: number }[];
}

/** One seat of an order, numbered from 1 (docs/meals.md, "Seats and meal rows"). */
export interface OrderSeat {
  seat: number;
  /** The ticket it belongs to: `Adult`, `Child` or its type's name, and which of the order's tickets of that kind (from 1). */
  ticket: string;
  ticketNumber: number;
  /** The ticket as staff and guests name it: `VIP Table`, or `VIP Table 2` when the order has several. */
  ticketLabel: string;
  /** People that ticket admits: a table for 8 has 8 seats, numbered together. */
  ticketSeats: number;
  /** Which of its ticket's seats it is, from 1. */
  place: number;
  /** Its ticket is not refunded: a refund takes the last tickets of each kind. */
  valid: boolean;
}

/**
 * The seats of an order in seat order, the order its meal rows are sent and kept in: its adult
 * tickets, then its child tickets, then each line's tickets, a ticket's seats one after another
 * (a table for 8 bought after 2 adults is seats 3 to 10). The one place a seat is tied to its ticket.
 */
export function orderSeats(order: SeatedOrder): OrderSeat[] {
  const seats: OrderSeat[] = [];
  const add = (ticket: string, quantity: number, refunded: number, ticketSeats: number) => {
    for (let ticketNumber = 1; ticketNumber <= quantity; ticketNumber += 1) {
      for (let i = 0; i < ticketSeats; i += 1) {
        seats.push({
          seat: seats.length + 1,
          ticket,
          ticketNumber,
          ticketLabel: quantity > 1 ? `${ticket} ${ticketNumber}` : ticket,
          ticketSeats,
          place: i + 1,
          valid: ticketNumber <= quantity - refunded,
        });
      }
    }
  };
  add('Adult', order.adultTickets, order.refundedAdults ?? 0, 1);
  add('Child', order.childTickets, order.refundedChildren ?? 0, 1);
  for (const line of order.lines ?? []) add(line.name, line.quantity, line.refundedQuantity ?? 0, line.seats);
  return seats;
}

/** Whether meal choices have closed at `now` (rows chosen after it are `late` for the kitchen). */
export function mealChoicesClosed(settings: Pick<MealSettings, 'choicesCloseAt'>, now: Date): boolean {
  return settings.choicesCloseAt !== null && now.getTime() >= Date.parse(settings.choicesCloseAt);
}

const orList = (values: readonly string[]) =>
  values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

/**
 * Why an order's meal rows cannot be taken with the season's meal settings, as a 400's message
 * (`guests.1.meal: Choose a meal: Vegetarian, Non-vegetarian or Jain`), or null. A season without
 * meal options takes no rows (and needs none); with options every seat needs exactly one row.
 */
export function guestsRefusal(guests: readonly PartyGuest[] | undefined, seats: number, settings: MealSettings): string | null {
  const rows = guests ?? [];
  if (settings.options.length === 0) {
    return rows.length > 0 ? 'guests: This party asks no meals; send no guest rows' : null;
  }
  if (rows.length !== seats) {
    return `guests: Choose a meal for each of the ${seats} ${seats === 1 ? 'guest' : 'guests'} (${rows.length} given)`;
  }
  const problems: string[] = [];
  rows.forEach((row, index) => {
    if (!settings.options.includes(row.meal)) {
      problems.push(`guests.${index}.meal: Choose a meal: ${orList(settings.options)}`);
    }
    const unknown = row.allergens.filter((allergen) => !settings.allergens.includes(allergen));
    if (unknown.length > 0) problems.push(`guests.${index}.allergens: Unknown allergen ${unknown.join(', ')}`);
    if (new Set(row.allergens).size !== row.allergens.length) problems.push(`guests.${index}.allergens: An allergen is listed twice`);
  });
  return problems.length > 0 ? problems.join('; ') : null;
}

/** What a guest page needs to ask the meals (`GET /api/site`'s `party.meals`, only when the season has options). */
export interface MealChoices {
  options: string[];
  allergens: string[];
  choicesCloseAt: string | null;
}

/** One seat's meal as staff and the guest's confirmation see it. */
export interface GuestMeal {
  /** 1-based seat number within the order. */
  seat: number;
  name: string | null;
  meal: string;
  allergens: string[];
  note: string | null;
  /** Chosen or changed after `Meal choices close`. */
  late: boolean;
}

/** `PUT /api/admin/party-orders/:orderId/guests/:seat`: a staff change of one seat's meal row (made if missing). */
export const guestMealChangeSchema = /* @__PURE__ */ defineSchema(() => partyGuestSchema);
export type GuestMealChange = z.infer<typeof guestMealChangeSchema>;

export interface KitchenMealCount {
  option: string;
  count: number;
  /** Of them, chosen or changed after `Meal choices close`. */
  late: number;
}

/** One valid ticket of several seats (a table) and the meals of its seats, `Not chosen` for seats without a row. */
export interface KitchenTable {
  orderId: string;
  reference: string;
  /** The buyer's name. */
  buyer: string;
  /** `VIP Table`, or `VIP Table 2` when the order has several. */
  ticket: string;
  seats: number;
  meals: { option: string; count: number }[];
}

export interface KitchenAllergy {
  orderId: string;
  reference: string;
  seat: number;
  guest: string;
  meal: string;
  allergens: string[];
  note: string | null;
  late: boolean;
}

/** `GET /api/admin/kitchen`: the season on sale's paid, not refunded seats by meal, and the allergy list. */
export interface KitchenCounts {
  meals: KitchenMealCount[];
  allergies: KitchenAllergy[];
  /** Each ticket of several seats, by order reference: the totals the kitchen plates a table by. */
  tables: KitchenTable[];
  seats: number;
  choicesCloseAt: string | null;
}
