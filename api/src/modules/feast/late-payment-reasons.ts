/** What changed while a released or lapsed hold was being paid: `…, and <reason> meanwhile.` (the answer and the e-mail). */
export const LATE_PREORDER_REASONS = {
  full: 'the pickup time filled up',
  closed: 'pre-orders closed',
  packGone: 'a pack in your order is no longer offered',
  priceRose: 'a pack price went up',
} as const;
