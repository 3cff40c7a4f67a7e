import type { PickupOrder } from '@festival/contracts';

/** The orders of one pickup time. */
export interface PickupGroup {
  /** `Saturday, November 7, 2026 at 11:00 AM`. */
  title: string;
  orders: PickupOrder[];
  /** Packs in these orders. */
  packs: number;
  pickedUp: number;
}

/** The orders (already in pickup-time order) grouped by pickup date and time, in that order. */
export function groupByPickupTime(orders: readonly PickupOrder[]): PickupGroup[] {
  const groups = new Map<string, PickupGroup>();
  for (const order of orders) {
    const title = `${order.pickupDate} at ${order.pickupTime}`;
    let group = groups.get(title);
    if (!group) {
      group = { title, orders: [], packs: 0, pickedUp: 0 };
      groups.set(title, group);
    }
    group.orders.push(order);
    group.packs += order.items.reduce((sum, item) => sum + item.quantity, 0);
    if (order.pickedUpAt) group.pickedUp += 1;
  }
  return [...groups.values()];
}

/** `Vegetarian Feast Pack x 2, Sweets Box x 1`. */
export const itemsText = (order: PickupOrder): string => order.items.map((item) => `${item.name} x ${item.quantity}`).join(', ');

/** `1:32 PM`: when an order was picked up (the desk's clock). */
export const clockOf = (iso: string): string => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** `1:32 PM by Door 1`: when and by whom an order was picked up ('' before it is). */
export function pickedUpDetail(order: PickupOrder): string {
  if (!order.pickedUpAt) return '';
  return `${clockOf(order.pickedUpAt)}${order.pickedUpBy ? ` by ${order.pickedUpBy}` : ''}`;
}
