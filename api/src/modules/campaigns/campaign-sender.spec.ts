import { retryDelayMs } from './campaign-sender.js';

describe('retryDelayMs', () => {
  it('doubles the base after each attempt, up to six hours', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30, 60_000)).toBe(6 * 60 * 60_000);
  });
});
