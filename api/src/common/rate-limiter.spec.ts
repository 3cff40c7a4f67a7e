import { FixedWindowRateLimiter } from './rate-limiter.js';

describe('FixedWindowRateLimiter', () => {
  let now = 0;
  const clock = () => now;

  beforeEach(() => {
    now = 1_000_000;
  });

  it('allows the limit per window and key, then says how long to wait', () => {
    const limiter = new FixedWindowRateLimiter(3, 60_000, clock);
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    now += 15_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(limiter.hit('b').allowed).toBe(true);
  });

  it('starts a fresh window once the old one has ended', () => {
    const limiter = new FixedWindowRateLimiter(1, 60_000, clock);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
    now += 60_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('forgets ended windows and caps the number of keys it keeps', () => {
    const limiter = new FixedWindowRateLimiter(5, 60_000, clock, 100);
    for (let i = 0; i < 50; i += 1) limiter.hit(`ip-${i}`);
    expect(limiter.size).toBe(50);
    now += 61_000;
    limiter.hit('late');
    expect(limiter.size).toBe(1);
    for (let i = 0; i < 150; i += 1) limiter.hit(`flood-${i}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });
});
