import { createHash, createPrivateKey, type KeyObject } from 'node:crypto';

/** PKCS#8 DER of an Ed25519 private key is this prefix followed by the 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The development ticket signing key: an Ed25519 key whose seed is derived from the session secret. */
export function developmentTicketKey(sessionSecret: string): KeyObject {
  const seed = createHash('sha256').update(`ticket-signing-key\0${sessionSecret}`).digest();
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/**
 * TICKET_SIGNING_KEY: an Ed25519 private key as PKCS#8 PEM (newlines may be written `\n`), or
 * the base64 (or base64url) of its PKCS#8 DER. Null when it is anything else.
 */
export function parseTicketSigningKey(value: string): KeyObject | null {
  try {
    const key = value.includes('-----BEGIN')
      ? createPrivateKey(value.replace(/\\n/g, '\n'))
      : createPrivateKey({ key: Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}
