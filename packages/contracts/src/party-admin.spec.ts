import { partyRefundRequestSchema, refundShareCents } from './party-admin.js';
import { priceParty } from './party.js';

describe('refundShareCents', () => {
  const order = (adults: number, children: number, promoPercent = 0) => ({
    ...priceParty({ adultTickets: adults, childTickets: children, adultPriceCents: 4999, childPriceCents: 2999, promoPercent }),
  });

  it('gives a ticket its list-price share of the total with tax, after the discounts', () => {
    const o = order(2, 1);
    expect(refundShareCents(o, { adults: 0, children: 0 }, { adults: 1, children: 0 })).toBe(
      Math.round((o.totalCents * 4999) / o.subtotalCents),
    );
  });

  it('adds up to the total to the cent, one ticket at a time, in any order, with group and promo discounts', () => {
    for (const [adults, children, promo] of [
      [2, 1, 0],
      [7, 5, 10],
      [13, 0, 5],
      [1, 20, 15],
    ] as const) {
      const o = order(adults, children, promo);
      const tickets = [...Array<'a'>(adults).fill('a'), ...Array<'c'>(children).fill('c')];
      for (const steps of [tickets, [...tickets].reverse()]) {
        let before = { adults: 0, children: 0 };
        let sum = 0;
        for (const step of steps) {
          const next = step === 'a' ? { adults: 1, children: 0 } : { adults: 0, children: 1 };
          sum += refundShareCents(o, before, next);
          before = { adults: before.adults + next.adults, children: before.children + next.children };
        }
        expect(sum).toBe(o.totalCents);
      }
    }
  });
});

describe('partyRefundRequestSchema', () => {
  it('needs at least one ticket and an idempotency key', () => {
    expect(partyRefundRequestSchema.safeParse({ adults: 0, children: 0, idempotencyKey: 'abcdefgh' }).error?.issues[0].message).toBe(
      'Choose at least one ticket to refund',
    );
    expect(partyRefundRequestSchema.safeParse({ adults: 1, children: 0 }).success).toBe(false);
    expect(partyRefundRequestSchema.safeParse({ adults: 1, children: 0, idempotencyKey: 'abcdefgh' }).success).toBe(true);
  });
});
