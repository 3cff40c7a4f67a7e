import type { PartyOrderItemEntity } from '../tickets/party-order-item.entity.js';
import type { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { ticketsByType } from './tickets-by-type.js';

function createOrder(overrides: Partial<PartyOrderEntity> = {}): PartyOrderEntity {
  return {
    id: 'order-1',
    status: 'paid',
    comp: false,
    adultTickets: 2,
    childTickets: 0,
    refundedAdults: 0,
    refundedChildren: 0,
    adultPriceCents: 4999,
    childPriceCents: 2999,
    ...overrides,
  } as PartyOrderEntity;
}

function createLine(overrides: Partial<PartyOrderItemEntity> = {}): PartyOrderItemEntity {
  return {
    id: 1,
    orderId: 'order-1',
    typeId: 3,
    name: 'VIP Table',
    seats: 8,
    quantity: 1,
    unitPriceCents: 40000,
    refundedQuantity: 0,
    ...overrides,
  } as PartyOrderItemEntity;
}

describe('tickets by type', () => {
  it('lists Adult, Child, then the other types by name: sold, refunded, the seats sold and the list price of what was sold', () => {
    const orders = [
      createOrder({ id: 'a', adultTickets: 2, childTickets: 1, refundedChildren: 1 }),
      createOrder({ id: 'b', adultTickets: 1, adultPriceCents: 3999 }),
    ];
    const lines = [
      createLine({ orderId: 'a', quantity: 2, refundedQuantity: 1 }),
      createLine({ orderId: 'b', typeId: 4, name: 'Family Bundle', seats: 4, quantity: 1, unitPriceCents: 15000 }),
      createLine({ orderId: 'b', quantity: 1, unitPriceCents: 35000 }),
    ];
    expect(ticketsByType(orders, lines)).toEqual([
      { name: 'Adult', sold: 3, refunded: 0, seats: 3, revenueCents: 2 * 4999 + 3999 },
      { name: 'Child', sold: 0, refunded: 1, seats: 0, revenueCents: 0 },
      { name: 'Family Bundle', sold: 1, refunded: 0, seats: 4, revenueCents: 15000 },
      { name: 'VIP Table', sold: 2, refunded: 1, seats: 16, revenueCents: 40000 + 35000 },
    ]);
  });

  it('counts a comp as sold at $0, every ticket of a refunded order as refunded, and leaves out types nobody bought', () => {
    const orders = [
      createOrder({ id: 'comp', comp: true, adultTickets: 2 }),
      createOrder({ id: 'gone', status: 'refunded', adultTickets: 1, refundedAdults: 0 }),
    ];
    const lines = [createLine({ orderId: 'gone' }), createLine({ orderId: 'not-in-period' })];
    expect(ticketsByType(orders, lines)).toEqual([
      { name: 'Adult', sold: 2, refunded: 1, seats: 2, revenueCents: 0 },
      { name: 'VIP Table', sold: 0, refunded: 1, seats: 0, revenueCents: 0 },
    ]);
    expect(ticketsByType([], [])).toEqual([]);
  });
});
