import { secretsMatch } from '../../common/secrets.js';

/** Compares a candidate with the staff password in constant time (see secretsMatch). */
export function isStaffPassword(candidate: string, staffPassword: string): boolean {
  return secretsMatch(staffPassword, candidate);
}
