import { isStaffPassword } from './staff-password.js';

describe('isStaffPassword', () => {
  it('accepts exactly the staff password', () => {
    expect(isStaffPassword('lanterns-2025', 'lanterns-2025')).toBe(true);
  });

  it('refuses anything else, whatever its length', () => {
    expect(isStaffPassword('', 'lanterns-2025')).toBe(false);
    expect(isStaffPassword('lanterns-2025 ', 'lanterns-2025')).toBe(false);
    expect(isStaffPassword('LANTERNS-2025', 'lanterns-2025')).toBe(false);
    expect(isStaffPassword('x'.repeat(10_000), 'lanterns-2025')).toBe(false);
  });
});
