import type { PartyOrderDetails } from '@festival/contracts';
import { refundPreviewCents } from './order-details';

const order = {
  adultTickets: 2,
  childTickets: 1,
  adultPriceCents: 4999,
  childPriceCents: 2999,
  subtotalCents: 12997,
  totalCents: 14216,
  validAdults: 2,
  validChildren: 1,
  lines: [],
  refunds: [],
} as unknown as PartyOrderDetails;

describe('refundPreviewCents', () => {
  it("shows a ticket's share of the total with tax, and the exact rest for the last tickets", () => {
    expect(refundPreviewCents(order, 1, 0)).toBe(5468);
    const after = {
      ...order,
      validAdults: 1,
      refunds: [{ adults: 1, children: 0, amountCents: 5468, status: 'succeeded', items: [] }],
    } as unknown as PartyOrderDetails;
    expect(refundPreviewCents(after, 1, 1)).toBe(14216 - 5468);
  });

  it('ignores refused refunds', () => {
    const refused = {
      ...order,
      refunds: [{ adults: 1, children: 0, amountCents: 5468, status: 'failed', items: [] }],
    } as unknown as PartyOrderDetails;
    expect(refundPreviewCents(refused, 1, 0)).toBe(5468);
  });
});
