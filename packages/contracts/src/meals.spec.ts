import { mealSeatsOf, orderSeats } from './meals.js';

describe('orderSeats: the seat order meal rows are sent and counted in', () => {
  const order = {
    adultTickets: 2,
    childTickets: 1,
    lines: [{ name: 'Family Table', seats: 4, quantity: 2 }],
  };
  const brief = (seats: ReturnType<typeof orderSeats>) =>
    seats.map((seat) => `${seat.seat} ${seat.ticketLabel}/${seat.place}${seat.valid ? '' : ' refunded'}`);

  it('puts the adults first, then the children, then each table with its seats together', () => {
    expect(brief(orderSeats(order))).toEqual([
      '1 Adult 1/1',
      '2 Adult 2/1',
      '3 Child/1',
      '4 Family Table 1/1',
      '5 Family Table 1/2',
      '6 Family Table 1/3',
      '7 Family Table 1/4',
      '8 Family Table 2/1',
      '9 Family Table 2/2',
      '10 Family Table 2/3',
      '11 Family Table 2/4',
    ]);
    expect(orderSeats(order)).toHaveLength(mealSeatsOf({ adultTickets: 2, childTickets: 1, extraSeats: 8 }));
  });

  it('marks the seats of the last tickets of each kind refunded, keeping the numbers of the others', () => {
    const seats = orderSeats({ ...order, refundedAdults: 1, lines: [{ ...order.lines[0]!, refundedQuantity: 1 }] });
    expect(seats.filter((seat) => !seat.valid).map((seat) => seat.seat)).toEqual([2, 8, 9, 10, 11]);
    expect(seats[2]).toMatchObject({ seat: 3, ticket: 'Child', valid: true });
  });
});
