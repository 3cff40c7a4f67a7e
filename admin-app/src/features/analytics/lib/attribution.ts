import type { AttributionRow } from '@festival/contracts';

/** Above this conversion rate (in percent, as shown), a row is highlighted. */
export const HIGHLIGHT_RATE_ABOVE = 5;

/** conversions / page views x 100, to one decimal (`0.0` with no page views). */
export function conversionRate(row: Pick<AttributionRow, 'pageViews' | 'conversions'>): string {
  if (row.pageViews <= 0) return '0.0';
  return ((row.conversions / row.pageViews) * 100).toFixed(1);
}

/** Highlighted when the rate as shown is above 5 (so `5.0` never is). */
export function isHighRate(rate: string): boolean {
  return Number(rate) > HIGHLIGHT_RATE_ABOVE;
}
