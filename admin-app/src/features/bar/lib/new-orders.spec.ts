import type { BarOrderStatus } from '@festival/contracts';
import { createBarOrder } from '../testing/create-bar-order';
import { arrivals, stillUnseen } from './new-orders';

const order = (number: number, status: BarOrderStatus = 'new') => createBarOrder({ number, status });

describe('arrivals', () => {
  it('announces nothing on the first look: the queue as the page opens is not news', () => {
    const { seen, arrived } = arrivals(null, [order(1), order(2, 'ready')]);
    expect(arrived).toEqual([]);
    expect([...seen]).toEqual(['order-1', 'order-2']);
  });

  it('announces the new orders the screen has not seen, oldest first', () => {
    const first = arrivals(null, [order(1)]);
    const { arrived } = arrivals(first.seen, [order(1), order(2), order(3)]);
    expect(arrived.map((o) => o.number)).toEqual([2, 3]);
  });

  it('does not announce an order again, nor a status change of a known order', () => {
    const first = arrivals(null, [order(1)]);
    const second = arrivals(first.seen, [order(1, 'ready'), order(2)]);
    expect(second.arrived.map((o) => o.number)).toEqual([2]);
    expect(arrivals(second.seen, [order(1, 'served'), order(2, 'ready')]).arrived).toEqual([]);
  });

  it('does not announce an unseen order that is already past New (made on another screen)', () => {
    const first = arrivals(null, []);
    expect(arrivals(first.seen, [order(4, 'ready')]).arrived).toEqual([]);
  });
});

describe('stillUnseen', () => {
  it('keeps only the arrivals still New: one marked Ready has been looked at', () => {
    const unseen = new Set(['order-2', 'order-3']);
    expect(stillUnseen(unseen, [order(1), order(2, 'ready'), order(3)]).map((o) => o.number)).toEqual([3]);
  });
});
