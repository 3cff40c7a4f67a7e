// The figures every benchmark reports, computed one way.

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/**
 * The p-th percentile (0 < p ≤ 100) by nearest rank: the smallest value with at least p % of
 * the values at or below it, i.e. the value at index ceil(p / 100 · n) − 1 of the sorted list.
 * The p99 of 100 values is the 99th smallest; of 10 values, the largest. NaN for no values.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = ascending(values);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The middle value, or the mean of the two middle values of an even count. NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = ascending(values);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
