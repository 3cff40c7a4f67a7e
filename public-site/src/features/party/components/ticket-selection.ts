import { useMemo } from 'react';
import { priceParty, type PartyPrice, type PublicTicketType, type SiteConfig, type TicketItem } from '@festival/contracts';
import { usePartyTicketTypes } from '../api/party-ticket-types';
import type { AppliedPromo } from './tickets-step';

/** Tickets chosen of the season's other types (not adult or child): type id → quantity. */
export type TypeCounts = Readonly<Record<number, number>>;

/** One chosen line of another type, at its price now: the breakdown's `VIP Table × 1`. */
export interface TypedLine {
  typeId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** People one ticket admits, each counted against the party's capacity. */
  seats: number;
}

/** With ticket types on sale, what the tickets step shows and counts them by. */
export interface TypedTickets {
  /** The visible types in the manager's order; undefined while they load. */
  types: PublicTicketType[] | undefined;
  failed: boolean;
  items: TypeCounts;
  lines: TypedLine[];
}

/** The chosen lines of the other types, in the order the page lists them (types no longer listed are left out). */
export function typedLines(types: readonly PublicTicketType[] | undefined, items: TypeCounts): TypedLine[] {
  return (types ?? [])
    .filter((type) => type.builtIn === null && (items[type.id] ?? 0) > 0)
    .map((type) => ({ typeId: type.id, name: type.name, quantity: items[type.id], unitPriceCents: type.price, seats: type.seats }));
}

/** The request's `items`: the other types' lines (adult and child go as their counts). */
export const orderItems = (lines: readonly TypedLine[]): TicketItem[] => lines.map(({ typeId, quantity }) => ({ typeId, quantity }));

/** Tickets in a selection (a table for 8 is one ticket). */
export const ticketsChosen = (adultTickets: number, childTickets: number, items: TypeCounts): number =>
  Object.values(items).reduce((sum, quantity) => sum + quantity, adultTickets + childTickets);

/** Seats a selection counts against the party's capacity (a table for 8 is 8). */
export const seatsChosen = (adultTickets: number, childTickets: number, lines: readonly TypedLine[]): number =>
  lines.reduce((sum, line) => sum + line.quantity * line.seats, adultTickets + childTickets);

/** The tickets of `type` in a selection: adult and child are their counts, the others their items. */
export const countOf = (type: PublicTicketType, adultTickets: number, childTickets: number, items: TypeCounts): number =>
  type.builtIn === 'adult' ? adultTickets : type.builtIn === 'child' ? childTickets : (items[type.id] ?? 0);

/**
 * Why the chosen tickets of a listed type cannot be bought as they are: a type off sale, sold out,
 * or with fewer left than chosen since the guest chose. The tickets step says it in the API's
 * words (`VIP Table tickets are not on sale`), in the page's language.
 */
export interface SelectionProblem {
  kind: 'not-on-sale' | 'sold-out' | 'too-few';
  /** The type's name (`VIP Table`). */
  name: string;
  /** The type's tickets left. */
  remaining: number;
}

/** The first problem of the chosen tickets (see SelectionProblem); null when they can be bought. */
export function typedSelectionProblem(typed: TypedTickets, adultTickets: number, childTickets: number): SelectionProblem | null {
  for (const type of typed.types ?? []) {
    const quantity = countOf(type, adultTickets, childTickets, typed.items);
    if (quantity === 0) continue;
    const problem = { name: type.name, remaining: type.remaining };
    if (!type.onSale) return { kind: 'not-on-sale', ...problem };
    if (type.remaining === 0) return { kind: 'sold-out', ...problem };
    if (quantity > type.remaining) return { kind: 'too-few', ...problem };
  }
  return null;
}

/**
 * The page's price of the selection: the same priceParty the API charges with, at the Tickets
 * prices, or, when the season sells ticket types, at each type's price now (an early-bird step
 * included) with the other types' lines.
 */
export function usePartySelection(
  site: SiteConfig | undefined,
  selection: { adultTickets: number; childTickets: number; items: TypeCounts; promo: AppliedPromo },
): { price: PartyPrice; typed: TypedTickets | undefined } {
  const sellsTypes = site?.party.sellsTicketTypes === true;
  const query = usePartyTicketTypes(sellsTypes);
  const types = sellsTypes ? query.data?.types : undefined;
  const failed = sellsTypes && query.isError && !query.data;
  const { adultTickets, childTickets, items, promo } = selection;
  const typed = useMemo(
    () => (sellsTypes ? { types, failed, items, lines: typedLines(types, items) } : undefined),
    [sellsTypes, types, failed, items],
  );
  const price = useMemo(() => {
    const typePrice = (builtIn: 'adult' | 'child') => types?.find((type) => type.builtIn === builtIn)?.price;
    return priceParty({
      adultTickets,
      childTickets,
      adultPriceCents: typePrice('adult') ?? site?.party.adultPriceCents ?? 0,
      childPriceCents: typePrice('child') ?? site?.party.childPriceCents ?? 0,
      promoPercent: promo.status === 'valid' ? promo.percent : 0,
      groupDiscountTiers: site?.party.groupDiscountTiers,
      taxRateBasisPoints: site?.party.taxRateBasisPoints,
      extraLines: typed?.lines,
    });
  }, [adultTickets, childTickets, promo.status, promo.percent, site, types, typed]);
  return { price, typed };
}
