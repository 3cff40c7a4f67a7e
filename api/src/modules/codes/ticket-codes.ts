import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { buildTicketCode, parseTicketCode, ticketCodeMessage, uuidToBytes, type CodeDomain } from '@festival/contracts';

/**
 * Signs and checks ticket codes (format: `packages/contracts/src/door.ts`, docs/door.md) with an
 * Ed25519 key. Ed25519 signatures are deterministic, so an order's code is computed from its id
 * whenever it is needed and never stored: orders paid before codes existed have theirs too.
 */
export class TicketCodes {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(privateKeyPem: string) {
    this.privateKey = createPrivateKey(privateKeyPem);
    if (this.privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The ticket signing key must be an Ed25519 key');
    this.publicKey = createPublicKey(this.privateKey);
  }

  /** The order's ticket code (128 base32 characters), or with PICKUP_CODE_DOMAIN its pickup code. */
  codeFor(orderId: string, domain?: CodeDomain): string {
    const id = uuidToBytes(orderId);
    if (!id) throw new Error(`Order id ${orderId} is not a UUID`);
    return buildTicketCode(orderId, sign(null, ticketCodeMessage(id, domain), this.privateKey));
  }

  /** The order id a code was signed for with this key (in `domain`), or null for anything else. */
  orderIdOf(code: string, domain?: CodeDomain): string | null {
    const parsed = parseTicketCode(code, domain);
    if (!parsed) return null;
    return verify(null, parsed.message, this.publicKey, parsed.signature) ? parsed.orderId : null;
  }

  /** The public key, raw (32 bytes) in base64url: what the door page verifies codes with. */
  publicKeyBase64url(): string {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return jwk.x!;
  }
}
