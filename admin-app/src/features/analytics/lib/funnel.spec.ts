import { dropOff, FEAST_FUNNEL, funnelBars, PARTY_FUNNEL, stepLabel } from './funnel';

describe('funnels', () => {
  it('labels the steps as the spec does', () => {
    expect(FEAST_FUNNEL.map((s) => [s.eventType, s.label])).toEqual([
      ['page_view', 'Page Views'],
      ['add_to_cart', 'Added to Cart'],
      ['checkout_started', 'Started Checkout'],
      ['order_completed', 'Completed Orders'],
    ]);
    expect(PARTY_FUNNEL.map((s) => [s.eventType, s.label])).toEqual([
      ['party_page_view', 'Page Views'],
      ['party_add_to_cart', 'Added Tickets'],
      ['party_checkout_started', 'Started Checkout'],
      ['party_order_completed', 'Completed Orders'],
    ]);
    expect(stepLabel('party_add_to_cart')).toBe('Added Tickets');
  });

  it('counts each step, 0 for a step with no events yet', () => {
    const bars = funnelBars(
      [
        { eventType: 'page_view', count: 40 },
        { eventType: 'catering_clicked', count: 3 },
      ],
      FEAST_FUNNEL,
    );
    expect(bars.map((b) => b.count)).toEqual([40, 0, 0, 0]);
  });

  it('drop-off: funnel events minus completed orders, floored at 0', () => {
    const funnel = [
      { eventType: 'add_to_cart', count: 30 },
      { eventType: 'checkout_started', count: 12 },
    ];
    expect(dropOff(funnel, 'add_to_cart', 'checkout_started', 10)).toEqual({ inCart: 20, inCheckout: 2, completed: 10 });
    expect(dropOff(funnel, 'add_to_cart', 'checkout_started', 15)).toEqual({ inCart: 15, inCheckout: 0, completed: 15 });
    expect(dropOff([], 'party_add_to_cart', 'party_checkout_started', 4)).toEqual({ inCart: 0, inCheckout: 0, completed: 4 });
  });
});
