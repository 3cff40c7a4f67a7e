import type { EntityManager } from 'typeorm';
import {
  priceAt,
  saleWindowState,
  typeSaleState,
  type SaleWindowState,
  type TicketItem,
  type TicketSettings,
  type TypeSaleState,
} from '@festival/contracts';
import { GUEST_REFUSALS, GuestRefusal, type RefusalMessage, type RefusalValues } from '../../../common/guest-refusals.js';
import { takenByType } from './ticket-type-counts.js';
import type { TicketTypeEntity } from './ticket-type.entity.js';
import { presentType } from './ticket-types.service.js';

/** A type with fewer tickets left of its own capacity than asked: a 409 (a late payment's `the party sold out`). */
export class TypeSoldOutError extends GuestRefusal {
  constructor(refusal: RefusalMessage, values: RefusalValues) {
    super(409, refusal, values);
  }
}

/** The refusal of each reason a type cannot be bought (typeSaleState). */
const TYPE_SALE_REFUSALS: Record<TypeSaleState, RefusalMessage> = {
  hidden: GUEST_REFUSALS.typeHidden,
  'not-yet': GUEST_REFUSALS.typeNotYet,
  ended: GUEST_REFUSALS.typeEnded,
};

/**
 * Why a type cannot be bought at `now` by its own sale window, or null inside it: a 409 in the
 * page's language (in English `VIP Table tickets go on sale on Tuesday, September 1, 2026 at
 * 10:00 AM`, `… are not on sale`, `… are no longer on sale`).
 */
export function typeClosed(
  type: { name: string; salesStart: string | null; salesEnd: string | null; hidden: boolean },
  now: Date,
  timeZone: string,
): GuestRefusal | null {
  const state = typeSaleState(type, now);
  if (state === null) return null;
  const { name, salesStart } = type;
  return new GuestRefusal(409, TYPE_SALE_REFUSALS[state], (language) => ({
    type: name,
    date: salesStart ? language.dateTime(new Date(salesStart), timeZone) : undefined,
  }));
}

/** The refusal of each reason the party's tickets cannot be bought (saleWindowState). */
const SALE_WINDOW_REFUSALS: Record<SaleWindowState, RefusalMessage> = {
  'not-open': GUEST_REFUSALS.salesNotOpen,
  ended: GUEST_REFUSALS.salesEnded,
};

/**
 * Why the party's sale window refuses an order at `now`, or null inside it: a 409 in the page's
 * language (in English `Ticket sales open on Tuesday, September 1, 2026 at 10:00 AM` or `Ticket
 * sales have ended`, the party page's words).
 */
export function saleWindowClosed(
  tickets: Pick<TicketSettings, 'saleOpensAt' | 'saleClosesAt'>,
  now: Date,
  timeZone: string,
): GuestRefusal | null {
  const state = saleWindowState(tickets, now);
  if (state === null) return null;
  const opens = tickets.saleOpensAt;
  return new GuestRefusal(409, SALE_WINDOW_REFUSALS[state], (language) => ({
    date: opens ? language.dateTime(new Date(opens), timeZone) : undefined,
  }));
}

/** An order's tickets of one of the season's other types, priced at the moment of the order. */
export interface SelectedLine {
  type: TicketTypeEntity;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

/** What an order request asks for, resolved against the season's types at one moment. */
export interface TicketSelection {
  adultTickets: number;
  childTickets: number;
  /** The adult and child prices now: the Tickets section's, or an early-bird step's. */
  adultPriceCents: number;
  childPriceCents: number;
  lines: SelectedLine[];
  /** The seats the other types' tickets admit (a table for 8 is 8). */
  extraSeats: number;
}

/** The seats a selection admits and counts against the party's capacity. */
export const seatsOf = (selection: Pick<TicketSelection, 'adultTickets' | 'childTickets' | 'extraSeats'>): number =>
  selection.adultTickets + selection.childTickets + selection.extraSeats;

/**
 * Resolves `request` (its adult and child counts and its `items` by type) against the season's
 * `types` at `now`, read with `manager` under the party lock: a type that is not the season's
 * is a 400; a hidden type, one outside its sale window, or one with fewer tickets left of its
 * own capacity than asked is a 409, and nothing is held. `excludeOrderId`: a late payment's own
 * order, left out of the count.
 */
export async function selectTickets(
  manager: EntityManager,
  eventId: number,
  types: readonly TicketTypeEntity[],
  request: { adultTickets: number; childTickets: number; items?: readonly TicketItem[] },
  tickets: TicketSettings,
  now: Date,
  timeZone: string,
  excludeOrderId?: string,
): Promise<TicketSelection> {
  const wanted = new Map<TicketTypeEntity, number>();
  const adult = types.find((type) => type.builtIn === 'adult');
  const child = types.find((type) => type.builtIn === 'child');
  if (adult && request.adultTickets > 0) wanted.set(adult, request.adultTickets);
  if (child && request.childTickets > 0) wanted.set(child, request.childTickets);
  for (const item of request.items ?? []) {
    const type = types.find((candidate) => candidate.id === item.typeId);
    if (!type) throw new GuestRefusal(400, GUEST_REFUSALS.typeGone, { type: String(item.typeId) });
    wanted.set(type, (wanted.get(type) ?? 0) + item.quantity);
  }
  const limited = [...wanted.keys()].some((type) => type.capacity !== null);
  const taken = limited ? await takenByType(manager, eventId, types, now, excludeOrderId) : new Map<number, number>();
  const selection: TicketSelection = {
    adultTickets: 0,
    childTickets: 0,
    adultPriceCents: adult ? priceAt({ price: tickets.adultPriceCents, priceSteps: adult.priceSteps }, now).price : tickets.adultPriceCents,
    childPriceCents: child ? priceAt({ price: tickets.childPriceCents, priceSteps: child.priceSteps }, now).price : tickets.childPriceCents,
    lines: [],
    extraSeats: 0,
  };
  for (const [type, quantity] of wanted) {
    const shown = presentType(type, tickets);
    const closed = typeClosed({ ...type, name: shown.name }, now, timeZone);
    if (closed) throw closed;
    if (type.capacity !== null) {
      const left = Math.max(0, type.capacity - (taken.get(type.id) ?? 0));
      if (left === 0) throw new TypeSoldOutError(GUEST_REFUSALS.typeSoldOut, { type: shown.name });
      if (quantity > left) throw new TypeSoldOutError(GUEST_REFUSALS.typeFewLeft, { type: shown.name, left });
    }
    if (type.builtIn === 'adult') selection.adultTickets = quantity;
    else if (type.builtIn === 'child') selection.childTickets = quantity;
    else {
      selection.lines.push({
        type,
        name: shown.name,
        quantity,
        unitPriceCents: priceAt({ price: type.priceCents, priceSteps: type.priceSteps }, now).price,
      });
      selection.extraSeats += quantity * type.seats;
    }
  }
  return selection;
}
