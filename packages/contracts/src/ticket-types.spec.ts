import { partyOrderRequestSchema, priceParty } from './party.js';
import { earlyBirdLine, priceAt, ticketTypesRequestSchema, typeSaleState } from './ticket-types.js';

const TIME_ZONE = 'America/Los_Angeles';

describe('ticket type prices', () => {
  const type = {
    price: 4999,
    priceSteps: [
      { until: '2026-09-01T00:00:00-07:00', price: 2999 },
      { until: '2026-10-01T00:00:00-07:00', price: 3999 },
    ],
  };

  it('takes the first early-bird step not yet ended, and names the price that follows it', () => {
    expect(priceAt(type, new Date('2026-08-15T12:00:00-07:00'))).toEqual({
      price: 2999,
      nextPrice: { price: 3999, from: '2026-09-01T00:00:00-07:00' },
    });
    expect(priceAt(type, new Date('2026-09-01T00:00:00-07:00'))).toEqual({
      price: 3999,
      nextPrice: { price: 4999, from: '2026-10-01T00:00:00-07:00' },
    });
    expect(priceAt(type, new Date('2026-10-02T00:00:00-07:00'))).toEqual({ price: 4999 });
  });

  it('says the early-bird line in the party’s time zone, and nothing without a step', () => {
    expect(earlyBirdLine({ price: 2999, nextPrice: { price: 3999, from: '2026-09-01T00:00:00-07:00' } }, TIME_ZONE)).toBe(
      'Early bird — $29.99 until Tuesday, September 1, 2026 at 12:00 AM',
    );
    expect(earlyBirdLine({ price: 4999 }, TIME_ZONE)).toBeNull();
  });

  it('prices other types in the subtotal, each ticket counting once towards a group discount', () => {
    // 8 adults and 2 tables: 10 tickets reach the 3 % tier.
    const price = priceParty({
      adultTickets: 8,
      childTickets: 0,
      adultPriceCents: 4999,
      childPriceCents: 2999,
      promoPercent: 0,
      extraLines: [{ quantity: 2, unitPriceCents: 40000 }],
    });
    expect(price.subtotalCents).toBe(8 * 4999 + 2 * 40000);
    expect(price.groupDiscountPercent).toBe(3);
    expect(price.totalCents).toBe(price.subtotalCents - price.groupDiscountCents + price.taxCents);
  });
});

describe('ticket type rules', () => {
  const type = { name: 'VIP Table', salesStart: '2026-09-01T10:00:00-07:00', salesEnd: '2026-10-20T00:00:00-07:00', hidden: false };

  it('knows when a type cannot be bought: hidden, before its sales start, after they end', () => {
    expect(typeSaleState({ ...type, hidden: true }, new Date('2026-09-15T00:00:00Z'))).toBe('hidden');
    expect(
      ['2026-08-15T00:00:00Z', '2026-10-21T00:00:00Z', '2026-09-15T00:00:00Z'].map((iso) => typeSaleState(type, new Date(iso))),
    ).toEqual(['not-yet', 'ended', null]);
  });

  it('refuses two types of one name, a window that ends before it starts and steps out of order', () => {
    const messages = (types: unknown[]) => ticketTypesRequestSchema.safeParse({ types }).error?.issues.map((issue) => issue.message);
    const vip = { name: 'VIP Table', description: '', price: 40000, seats: 8 };
    expect(messages([vip, { ...vip, name: 'vip table' }])).toEqual(['Two ticket types are called vip table']);
    expect(messages([{ ...vip, salesStart: '2026-10-01T00:00:00-07:00', salesEnd: '2026-09-01T00:00:00-07:00' }])).toEqual([
      'Sales cannot end before they start',
    ]);
    expect(
      messages([
        {
          ...vip,
          priceSteps: [
            { until: '2026-10-01T00:00:00-07:00', price: 30000 },
            { until: '2026-09-01T00:00:00-07:00', price: 35000 },
          ],
        },
      ]),
    ).toEqual(['Early-bird prices must end one after the other']);
    expect(messages([{ ...vip, seats: 0 }])).toEqual(['Seats per ticket must be at least 1']);
  });

  it('takes tickets by type in an order, each type once, at least one ticket in all', () => {
    const order = { customerName: 'Asha', customerEmail: 'asha@example.com', customerPhone: '4085550101', totalAmount: 100 };
    expect(
      partyOrderRequestSchema.safeParse({ ...order, adultTickets: 0, childTickets: 0, items: [{ typeId: 3, quantity: 1 }] }).success,
    ).toBe(true);
    expect(
      partyOrderRequestSchema
        .safeParse({ ...order, adultTickets: 0, childTickets: 0, items: [] })
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['Please select at least one ticket']);
    expect(
      partyOrderRequestSchema
        .safeParse({
          ...order,
          adultTickets: 0,
          childTickets: 0,
          items: [
            { typeId: 3, quantity: 1 },
            { typeId: 3, quantity: 2 },
          ],
        })
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['A ticket type is listed twice']);
  });
});
