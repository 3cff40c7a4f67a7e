import { ORDER_POLL_MS, pollWhileAtBar } from './drink-order-status';

describe('pollWhileAtBar', () => {
  it('asks every 2 seconds while an order is still to be handed over, so Ready shows within 3 seconds', () => {
    expect(ORDER_POLL_MS).toBeLessThanOrEqual(2_000);
    expect(pollWhileAtBar(['new'])).toBe(ORDER_POLL_MS);
    expect(pollWhileAtBar(['served', 'ready'])).toBe(ORDER_POLL_MS);
  });

  it('stops once every order is served, and when there is nothing to follow', () => {
    expect(pollWhileAtBar(['served', 'served'])).toBe(false);
    expect(pollWhileAtBar([])).toBe(false);
    expect(pollWhileAtBar(undefined)).toBe(false);
  });
});
