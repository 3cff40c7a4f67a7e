import { formatCents, percentOfCents, TAX_RATE_BASIS_POINTS } from './money.js';

describe('money', () => {
  it('formats cents as dollars with two decimals', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(4999)).toBe('$49.99');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-250)).toBe('-$2.50');
  });

  it('takes a percentage in basis points, rounded to the cent', () => {
    expect(percentOfCents(10_000, TAX_RATE_BASIS_POINTS)).toBe(938);
    // 4999 * 9.38 % = 468.9062 -> 469
    expect(percentOfCents(4999, TAX_RATE_BASIS_POINTS)).toBe(469);
    // exactly half a cent rounds up: 50 * 1 % = 0.5 -> 1
    expect(percentOfCents(50, 100)).toBe(1);
    expect(percentOfCents(0, TAX_RATE_BASIS_POINTS)).toBe(0);
  });
});
