import type { TicketTypeRow } from '@festival/contracts';
import type { PartyOrderItemEntity } from '../tickets/party-order-item.entity.js';
import type { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { isComp } from './report-sales.js';

type TicketOrder = Pick<
  PartyOrderEntity,
  'id' | 'status' | 'comp' | 'adultTickets' | 'childTickets' | 'refundedAdults' | 'refundedChildren' | 'adultPriceCents' | 'childPriceCents'
>;
type TicketLine = Pick<PartyOrderItemEntity, 'orderId' | 'name' | 'seats' | 'quantity' | 'unitPriceCents' | 'refundedQuantity'>;

/**
 * Bought tickets split into sold (still valid) and refunded: an order no longer `paid` (refunded
 * whole, or being refunded) has every ticket refunded, whatever its counters say.
 */
function split(status: string, bought: number, refunded: number): { sold: number; refunded: number } {
  if (status !== 'paid') return { sold: 0, refunded: bought };
  const back = Math.min(bought, Math.max(0, refunded));
  return { sold: bought - back, refunded: back };
}

/**
 * `Tickets by type` (docs/reports.md): Adult, Child, then the season's other types by the name
 * they were sold under, of the period's paid orders (comps included, at $0). Revenue is before
 * discounts and tax, as `Drinks by item` counts it: the price on the order times the tickets sold.
 * A type none of whose tickets were bought in the period has no row.
 */
export function ticketsByType(orders: readonly TicketOrder[], lines: readonly TicketLine[]): TicketTypeRow[] {
  const adult: TicketTypeRow = { name: 'Adult', sold: 0, refunded: 0, seats: 0, revenueCents: 0 };
  const child: TicketTypeRow = { name: 'Child', sold: 0, refunded: 0, seats: 0, revenueCents: 0 };
  const others = new Map<string, TicketTypeRow>();
  const byId = new Map(orders.map((o) => [o.id, o]));
  const add = (row: TicketTypeRow, counts: { sold: number; refunded: number }, seats: number, priceCents: number) => {
    row.sold += counts.sold;
    row.refunded += counts.refunded;
    row.seats += counts.sold * seats;
    row.revenueCents += counts.sold * priceCents;
  };
  for (const o of orders) {
    const free = isComp(o);
    add(adult, split(o.status, o.adultTickets, o.refundedAdults), 1, free ? 0 : o.adultPriceCents);
    add(child, split(o.status, o.childTickets, o.refundedChildren), 1, free ? 0 : o.childPriceCents);
  }
  for (const line of lines) {
    const order = byId.get(line.orderId);
    if (!order) continue;
    const row = others.get(line.name) ?? { name: line.name, sold: 0, refunded: 0, seats: 0, revenueCents: 0 };
    add(row, split(order.status, line.quantity, line.refundedQuantity), line.seats, isComp(order) ? 0 : line.unitPriceCents);
    others.set(line.name, row);
  }
  const named = [...others.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return [adult, child, ...named].filter((row) => row.sold + row.refunded > 0);
}
