import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a candidate with the staff password in constant time: both are hashed to the same
 * length first, so neither the content nor the length of the password leaks through timing.
 */
export function isStaffPassword(candidate: string, staffPassword: string): boolean {
  const a = createHash('sha256').update(candidate, 'utf8').digest();
  const b = createHash('sha256').update(staffPassword, 'utf8').digest();
  return timingSafeEqual(a, b);
}
