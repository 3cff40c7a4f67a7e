import type { BarOrder } from '@festival/contracts';

/**
 * Which orders arrived since the bar screen last looked. The first look (the page opening, with
 * the queue as it is) announces nothing; after that, every order the screen has not seen before
 * and that is still to be made is an arrival. `seen` becomes the ids of the current queue.
 */
export function arrivals(seen: ReadonlySet<string> | null, orders: readonly BarOrder[]): { seen: Set<string>; arrived: BarOrder[] } {
  const next = new Set(orders.map((o) => o.id));
  if (seen === null) return { seen: next, arrived: [] };
  return { seen: next, arrived: orders.filter((o) => o.status === 'new' && !seen.has(o.id)) };
}

/** The arrivals not yet looked at: those still New (an order marked Ready has been looked at). */
export function stillUnseen(unseen: ReadonlySet<string>, orders: readonly BarOrder[]): BarOrder[] {
  return orders.filter((o) => o.status === 'new' && unseen.has(o.id));
}
