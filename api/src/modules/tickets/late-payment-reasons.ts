/** What changed while a released or lapsed hold was being paid: `…, and <reason> meanwhile.` (the answer, the e-mail, the timeline). */
export const LATE_PAYMENT_REASONS = {
  soldOut: 'the party sold out',
  salesEnded: 'ticket sales closed',
  priceRose: 'the ticket price went up',
  promo: {
    invalid: 'the promo code was switched off',
    expired: 'the promo code expired',
    'used-up': 'the promo code was used up',
  },
} as const;
