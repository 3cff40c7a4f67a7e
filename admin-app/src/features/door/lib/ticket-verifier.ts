import { parseTicketCode } from '@festival/contracts';

/** The order id a ticket code is signed for, or null when the signature does not verify. */
export type TicketVerifier = (code: string) => Promise<string | null>;

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** WebCrypto's Ed25519 (Chromium 137+, Safari 17+, Firefox 129+), or null where the browser lacks it. */
async function webCryptoVerifier(publicKey: Uint8Array<ArrayBuffer>): Promise<TicketVerifier | null> {
  try {
    const key = await crypto.subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
    return async (code) => {
      const parsed = parseTicketCode(code);
      if (!parsed) return null;
      const ok = await crypto.subtle.verify(
        { name: 'Ed25519' },
        key,
        parsed.signature as Uint8Array<ArrayBuffer>,
        parsed.message as Uint8Array<ArrayBuffer>,
      );
      return ok ? parsed.orderId : null;
    };
  } catch {
    return null;
  }
}

/**
 * Checks ticket codes with the signing key's public half from the door snapshot, without the
 * network: WebCrypto where the browser has Ed25519, else @noble/ed25519 (loaded only then).
 */
export async function createTicketVerifier(publicKeyBase64url: string): Promise<TicketVerifier> {
  const publicKey = fromBase64url(publicKeyBase64url);
  const native = await webCryptoVerifier(publicKey);
  if (native) return native;
  const ed = await import('@noble/ed25519');
  return async (code) => {
    const parsed = parseTicketCode(code);
    if (!parsed) return null;
    try {
      return (await ed.verifyAsync(parsed.signature, parsed.message, publicKey)) ? parsed.orderId : null;
    } catch {
      return null;
    }
  };
}
