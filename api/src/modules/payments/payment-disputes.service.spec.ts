import { disputeStatusOf, disputeTimeline } from './payment-disputes.service.js';

describe('disputes', () => {
  it("read the gateway's statuses as open until the bank decides, then won or lost", () => {
    for (const status of ['warning_needs_response', 'warning_under_review', 'needs_response', 'under_review']) {
      expect(disputeStatusOf(status)).toBe('open');
    }
    expect(disputeStatusOf('won')).toBe('won');
    // An inquiry closed without a chargeback, or one prevented, kept the money too.
    expect(disputeStatusOf('warning_closed')).toBe('won');
    expect(disputeStatusOf('prevented')).toBe('won');
    expect(disputeStatusOf('lost')).toBe('lost');
  });

  it("put the opening and the decision on an order's timeline, the decision never before the opening", () => {
    const base = {
      id: 'dp_1',
      gatewayStatus: 'lost',
      amountCents: 5468,
      reason: 'product_not_received',
      openedAt: '2026-10-25T10:00:00.000Z',
    };
    expect(disputeTimeline(null)).toEqual([]);
    expect(disputeTimeline({ ...base, status: 'open', gatewayStatus: 'needs_response', closedAt: null })).toEqual([
      {
        kind: 'disputed',
        at: base.openedAt,
        who: 'Stripe',
        role: null,
        detail: "$54.68 disputed by the card's bank (product not received)",
      },
    ]);
    const lost = disputeTimeline({ ...base, status: 'lost', closedAt: '2026-10-25T09:00:00.000Z' });
    expect(lost.map((step) => [step.kind, step.at, step.detail])).toEqual([
      ['disputed', base.openedAt, "$54.68 disputed by the card's bank (product not received)"],
      ['dispute.lost', base.openedAt, 'decided for the buyer: $54.68 returned to the card'],
    ]);
  });
});
