import { tipCentsOf, tipFits, tipLabel, tipSchema, tipTooLargeMessage } from './tips.js';

describe('tips', () => {
  it('computes a percent on the subtotal before tax, rounded half up to the cent', () => {
    expect(tipCentsOf(1234, { percent: 15 })).toBe(185);
    expect(tipCentsOf(650, { percent: 15 })).toBe(98);
    expect(tipCentsOf(1234, { percent: 10 })).toBe(123);
    expect(tipCentsOf(1234, { percent: 20 })).toBe(247);
    expect(tipCentsOf(1234, { percent: 0 })).toBe(0);
    expect(tipCentsOf(1234, undefined)).toBe(0);
    expect(tipCentsOf(1234, { cents: 300 })).toBe(300);
  });

  it('refuses a tip above the subtotal', () => {
    expect(tipFits(1200, { cents: 1200 })).toBe(true);
    expect(tipFits(1200, { cents: 1201 })).toBe(false);
    expect(tipTooLargeMessage(1200)).toBe("A tip cannot be more than the drinks' subtotal ($12.00)");
  });

  it('reads a percent or an amount, and refuses anything else', () => {
    expect(tipSchema.parse({ percent: 15 })).toEqual({ percent: 15 });
    expect(tipSchema.parse({ cents: 250 })).toEqual({ cents: 250 });
    expect(tipSchema.safeParse({ percent: 12 }).error?.issues[0]?.message).toBe('A tip is 0, 10, 15 or 20 percent, or an amount');
    expect(tipSchema.safeParse({ cents: -1 }).error?.issues[0]?.message).toBe('A tip cannot be negative');
    expect(tipSchema.safeParse({ cents: 1.5 }).error?.issues[0]?.message).toBe('A custom tip must be whole cents');
    expect(tipSchema.safeParse({ percent: 10, cents: 5 }).success).toBe(false);
    expect(tipSchema.safeParse({}).success).toBe(false);
  });

  it('names the choice', () => {
    expect(tipLabel({ percent: 15 })).toBe('15%');
    expect(tipLabel({ cents: 100 })).toBe('Custom');
    expect(tipLabel(null)).toBe('No tip');
  });
});
