import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a secret with a candidate in constant time: both are hashed to the same length
 * first, so neither the content nor the length of the secret leaks through timing.
 */
export function secretsMatch(secret: string, candidate: string): boolean {
  const a = createHash('sha256').update(secret, 'utf8').digest();
  const b = createHash('sha256').update(candidate, 'utf8').digest();
  return timingSafeEqual(a, b);
}
