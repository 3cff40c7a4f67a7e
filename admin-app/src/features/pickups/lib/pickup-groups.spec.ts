import type { PickupOrder } from '@festival/contracts';
import { groupByPickupTime, itemsText, pickedUpDetail } from './pickup-groups';

function order(reference: string, pickupTime: string, overrides: Partial<PickupOrder> = {}): PickupOrder {
  return {
    orderId: reference,
    reference,
    customerName: 'Asha Raman',
    customerPhone: '(408) 555-0101',
    customerEmail: 'asha@example.com',
    items: [{ name: 'Vegetarian Feast Pack', quantity: 2 }],
    pickupDate: 'Saturday, November 7, 2026',
    pickupTime,
    pickedUpAt: null,
    pickedUpBy: null,
    ...overrides,
  };
}

describe('the pickup list', () => {
  it('groups the orders by pickup date and time, in the order given, with their packs and pickups', () => {
    const groups = groupByPickupTime([
      order('A', '11:00 AM'),
      order('B', '11:00 AM', { items: [{ name: 'Sweets Box', quantity: 3 }], pickedUpAt: '2026-11-07T19:32:00.000Z' }),
      order('C', '1:30 PM'),
      order('D', '11:00 AM', { pickupDate: 'Sunday, November 8, 2026' }),
    ]);
    expect(groups.map(({ title, orders, packs, pickedUp }) => [title, orders.map((o) => o.reference), packs, pickedUp])).toEqual([
      ['Saturday, November 7, 2026 at 11:00 AM', ['A', 'B'], 5, 1],
      ['Saturday, November 7, 2026 at 1:30 PM', ['C'], 2, 0],
      ['Sunday, November 8, 2026 at 11:00 AM', ['D'], 2, 0],
    ]);
  });

  it('writes the items as `Name x 2`', () => {
    const text = itemsText(
      order('A', '11:00 AM', {
        items: [
          { name: 'Vegetarian Feast Pack', quantity: 2 },
          { name: 'Sweets Box', quantity: 1 },
        ],
      }),
    );
    expect(text).toBe('Vegetarian Feast Pack x 2, Sweets Box x 1');
  });

  it('says when and by whom an order was picked up', () => {
    expect(pickedUpDetail(order('A', '11:00 AM'))).toBe('');
    expect(pickedUpDetail(order('A', '11:00 AM', { pickedUpAt: '2026-11-07T19:32:00.000Z', pickedUpBy: 'Door 1' }))).toMatch(
      /^\d{1,2}:32 [AP]M by Door 1$/,
    );
  });
});
