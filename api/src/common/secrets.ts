import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * A secret as it is kept: its SHA-256 in hex. The guests' secrets (a tab's token, a payment's
 * client secret) are stored only this way: a leaked database row cannot be used to read or
 * order on someone's tab.
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether `given` is the secret whose hash is `expectedHash`, compared in constant time. */
export function secretMatches(given: string | undefined, expectedHash: string | null | undefined): boolean {
  if (!given || !expectedHash) return false;
  const expected = Buffer.from(expectedHash, 'hex');
  const actual = Buffer.from(secretHash(given), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Compares a secret with a candidate in constant time: both are hashed to the same length
 * first, so neither the content nor the length of the secret leaks through timing.
 */
export function secretsMatch(secret: string, candidate: string): boolean {
  return timingSafeEqual(Buffer.from(secretHash(secret), 'hex'), Buffer.from(secretHash(candidate), 'hex'));
}
