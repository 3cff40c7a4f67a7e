import { conversionRate, isHighRate } from './attribution';

describe('conversion rate', () => {
  it('is conversions per 100 page views, to one decimal', () => {
    expect(conversionRate({ pageViews: 359, conversions: 15 })).toBe('4.2');
    expect(conversionRate({ pageViews: 3, conversions: 1 })).toBe('33.3');
    expect(conversionRate({ pageViews: 10, conversions: 0 })).toBe('0.0');
  });

  it('is 0.0 without page views', () => {
    expect(conversionRate({ pageViews: 0, conversions: 4 })).toBe('0.0');
  });

  it('is highlighted above 5 as shown', () => {
    expect(isHighRate('5.1')).toBe(true);
    expect(isHighRate('5.0')).toBe(false);
    expect(isHighRate(conversionRate({ pageViews: 1000, conversions: 50 }))).toBe(false);
    expect(isHighRate(conversionRate({ pageViews: 161, conversions: 18 }))).toBe(true);
  });
});
