import { median, percentile } from './stats.js';

describe('the benchmark statistics', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted

  it('takes the nearest-rank percentile: the smallest value with p % at or below it', () => {
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([5, 1, 3, 2, 4, 9, 8, 7, 6, 10], 99)).toBe(10);
    expect(percentile([5, 1, 3, 2, 4, 9, 8, 7, 6, 10], 10)).toBe(1);
    expect(percentile([42], 1)).toBe(42);
  });

  it('takes the median as the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('answers NaN for no values rather than a made-up figure', () => {
    expect(percentile([], 99)).toBeNaN();
    expect(median([])).toBeNaN();
  });

  it('leaves the list it is given as it was', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
