import { plural } from './plural';

describe('plural', () => {
  it('counts in the singular for one and the plural otherwise', () => {
    expect(plural(1, 'email')).toBe('1 email');
    expect(plural(0, 'email')).toBe('0 emails');
    expect(plural(3, 'email address', 'email addresses')).toBe('3 email addresses');
  });
});
