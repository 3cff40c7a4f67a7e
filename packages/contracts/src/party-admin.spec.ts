import { addGuestsRequestSchema, doorSaleRequestSchema, partyRefundRequestSchema, refundShareCents } from './party-admin.js';
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

describe('addGuestsRequestSchema', () => {
  const valid = {
    customerName: ' Lakshmi Iyer ',
    customerEmail: 'lakshmi@example.com',
    adults: 2,
    children: 0,
    reason: 'Family of the chef',
    requestId: 'b0c1d2e3-0000-4000-8000-000000000000',
  };

  it('accepts a comp without a phone, trimmed', () => {
    expect(addGuestsRequestSchema.parse(valid)).toEqual({ ...valid, customerName: 'Lakshmi Iyer' });
  });

  it('refuses no guests, no reason, a bad address and unknown fields, with the message the manager sees', () => {
    const message = (body: unknown) => addGuestsRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ ...valid, adults: 0 })).toBe('Add at least one adult or child');
    expect(message({ ...valid, reason: '   ' })).toBe('A reason is required');
    expect(message({ ...valid, customerEmail: 'nope' })).toBe('Invalid email address');
    expect(addGuestsRequestSchema.safeParse({ ...valid, totalCents: 0 }).success).toBe(false);
  });
});

describe('doorSaleRequestSchema', () => {
  it('sells for cash or card, at least one guest, whole numbers', () => {
    const requestId = 'b0c1d2e3-0000-4000-8000-000000000001';
    expect(doorSaleRequestSchema.parse({ adults: 1, children: 1, paymentMethod: 'cash', requestId })).toEqual({
      adults: 1,
      children: 1,
      paymentMethod: 'cash',
      requestId,
    });
    const message = (body: unknown) => doorSaleRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ adults: 1, children: 0, paymentMethod: 'cheque', requestId })).toBe('paymentMethod must be cash or card');
    expect(message({ adults: 0, children: 0, paymentMethod: 'cash', requestId })).toBe('Add at least one adult or child');
    expect(message({ adults: 1.5, children: 0, paymentMethod: 'cash', requestId })).toBe('adults must be a whole number');
  });
});
