/** Money is integer cents everywhere; only the view divides by 100. */
export type Cents = number;

/** Tax on tickets (after discounts) and on the drinks subtotal: 9.38 %, in basis points. */
export const TAX_RATE_BASIS_POINTS = 938;

/** `basisPoints` of `cents`, rounded half away from zero to a whole cent. */
export function percentOfCents(cents: Cents, basisPoints: number): Cents {
  const exact = (cents * basisPoints) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** `1234` -> `"$12.34"`. */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
