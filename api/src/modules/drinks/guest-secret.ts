import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The guest's secrets (a tab's token, a payment's client secret) are kept only as their SHA-256:
 * a leaked database row cannot be used to read or order on someone's tab.
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
