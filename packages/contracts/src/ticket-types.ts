import './zod-setup.js';
import { z } from 'zod';
import { valueMessage } from './form-messages.js';
import { formatCents, type Cents } from './money.js';
import { MAX_TICKET_TYPES } from './party.js';
import { formatSaleDate, MAX_TICKET_CAPACITY, MAX_TICKET_PRICE_CENTS } from './settings.js';

const defineSchema = <T>(build: () => T): T => build();

/** The most people one ticket admits (a table for 8 is 8). */
export const MAX_SEATS_PER_TICKET = 20;
/** Early-bird price steps one type may have. */
export const MAX_PRICE_STEPS = 5;

/** Adult and child: the two types every season has, priced by the `Tickets` section. */
export type BuiltInTicketType = 'adult' | 'child';

const whole = (label: string, min: number, max: number) =>
  z
    .number()
    .int(`${label} must be a whole number`)
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`)
    .max(max, `${label} cannot be more than ${max.toLocaleString('en-US')}`);

const priceCents = (label: string) =>
  z
    .number()
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_TICKET_PRICE_CENTS, `${label} cannot be more than $10,000`);

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: valueMessage(`${label} must be a date and time such as 2026-09-01T10:00:00-07:00`) });

const priceStepSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    /** The step's price applies until this instant (exclusive), in the event's time zone as the staff typed it. */
    until: instant('Early-bird price until'),
    price: priceCents('Early-bird price'),
  }),
);
export type PriceStep = z.infer<typeof priceStepSchema>;

/** One type as the manager saves it (`PUT /api/admin/ticket-types`); prices in cents. */
export const ticketTypeInputSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      /** A type already saved; none for a new one. */
      id: z.number().int().positive().optional(),
      name: z.string().trim().min(1, 'Name cannot be empty').max(60, 'Name cannot be longer than 60 characters'),
      description: z.string().trim().max(200, 'Description cannot be longer than 200 characters'),
      price: priceCents('Price'),
      seats: whole('Seats per ticket', 1, MAX_SEATS_PER_TICKET),
      /** Tickets of this type for sale at most (each counts its seats against the party's capacity too); null: only the party's. */
      capacity: whole('Capacity', 0, MAX_TICKET_CAPACITY).nullable().optional(),
      salesStart: instant('Sales start').nullable().optional(),
      salesEnd: instant('Sales end').nullable().optional(),
      priceSteps: z.array(priceStepSchema).max(MAX_PRICE_STEPS, `At most ${MAX_PRICE_STEPS} early-bird prices`).optional(),
      hidden: z.boolean().optional(),
    })
    .superRefine((value, ctx) => {
      if (value.salesStart && value.salesEnd && Date.parse(value.salesEnd) <= Date.parse(value.salesStart)) {
        ctx.addIssue({ code: 'custom', message: 'Sales cannot end before they start', path: ['salesEnd'] });
      }
      (value.priceSteps ?? []).forEach((step, index, steps) => {
        if (index > 0 && Date.parse(step.until) <= Date.parse(steps[index - 1].until)) {
          ctx.addIssue({ code: 'custom', message: 'Early-bird prices must end one after the other', path: ['priceSteps', index, 'until'] });
        }
      });
    }),
);
export type TicketTypeInput = z.infer<typeof ticketTypeInputSchema>;

/** `PUT /api/admin/ticket-types`: every type of the season on sale, in the order the guest page lists them. */
export const ticketTypesRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .strictObject({
      types: z
        .array(ticketTypeInputSchema)
        .min(1, 'Keep at least one ticket type')
        .max(MAX_TICKET_TYPES, `At most ${MAX_TICKET_TYPES} ticket types`),
    })
    .superRefine((value, ctx) => {
      const names = new Set<string>();
      const ids = new Set<number>();
      value.types.forEach((type, index) => {
        const name = type.name.toLowerCase();
        if (names.has(name))
          ctx.addIssue({ code: 'custom', message: `Two ticket types are called ${type.name}`, path: ['types', index, 'name'] });
        names.add(name);
        if (type.id === undefined) return;
        if (ids.has(type.id)) ctx.addIssue({ code: 'custom', message: 'A ticket type is listed twice', path: ['types', index, 'id'] });
        ids.add(type.id);
      });
    }),
);
export type TicketTypesRequest = z.infer<typeof ticketTypesRequestSchema>;

/** A type as the staff's `Ticket types` section shows it: what was saved, and how many are sold or held. */
export interface AdminTicketType {
  id: number;
  /** `adult` and `child` are built in: priced by the Tickets section, never deleted (hidden instead). */
  builtIn: BuiltInTicketType | null;
  name: string;
  description: string;
  price: Cents;
  seats: number;
  capacity: number | null;
  salesStart: string | null;
  salesEnd: string | null;
  priceSteps: PriceStep[];
  hidden: boolean;
  /** Tickets sold (paid, not refunded) or held now: a capacity below it, or deleting the type, is refused. */
  taken: number;
}

/** `GET`/`PUT /api/admin/ticket-types`. */
export interface AdminTicketTypesResponse {
  types: AdminTicketType[];
  /** The event's time zone: the sale windows and early-bird dates are its wall-clock times. */
  timeZone: string;
}

/** A type the guest page offers (`GET /api/party-ticket-types`): its price now, and what it becomes. */
export interface PublicTicketType {
  id: number;
  builtIn: BuiltInTicketType | null;
  name: string;
  description: string;
  /** The price now: the early-bird step that applies, or the type's price. */
  price: Cents;
  seats: number;
  /** Tickets of this type that can still be bought now (its own capacity and the party's). */
  remaining: number;
  /** Within its sale window (and the party's). */
  onSale: boolean;
  /** Where an early-bird step applies: the price from the moment it ends. */
  nextPrice?: { price: Cents; from: string };
}

export interface PublicTicketTypesResponse {
  types: PublicTicketType[];
}

/** The price of a type at `now`: the first early-bird step not yet ended, else the type's price. */
export function priceAt(
  type: { price: Cents; priceSteps: readonly PriceStep[] },
  now: Date,
): { price: Cents; nextPrice?: { price: Cents; from: string } } {
  const index = type.priceSteps.findIndex((step) => now.getTime() < Date.parse(step.until));
  if (index === -1) return { price: type.price };
  const step = type.priceSteps[index];
  const next = type.priceSteps[index + 1];
  return { price: step.price, nextPrice: { price: next ? next.price : type.price, from: step.until } };
}

/** The guest page's early-bird line: `Early bird — $39.99 until Tuesday, September 1, 2026 at 10:00 AM`. */
export function earlyBirdLine(type: Pick<PublicTicketType, 'price' | 'nextPrice'>, timeZone: string): string | null {
  if (!type.nextPrice) return null;
  return `Early bird — ${formatCents(type.price)} until ${formatSaleDate(type.nextPrice.from, timeZone)}`;
}

/** Why a type cannot be bought: staff hid it, its own sales have not started, or have ended. */
export type TypeSaleState = 'hidden' | 'not-yet' | 'ended';

/** Where `now` stands against a type's own sale window, or null inside it. */
export function typeSaleState(
  type: { salesStart: string | null; salesEnd: string | null; hidden: boolean },
  now: Date,
): TypeSaleState | null {
  if (type.hidden) return 'hidden';
  if (type.salesStart && now.getTime() < Date.parse(type.salesStart)) return 'not-yet';
  if (type.salesEnd && now.getTime() >= Date.parse(type.salesEnd)) return 'ended';
  return null;
}
