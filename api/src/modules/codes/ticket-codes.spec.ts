import { generateKeyPairSync, verify, createPublicKey } from 'node:crypto';
import { formatTicketCode, parseTicketCode, TICKET_CODE_LENGTH } from '@festival/contracts';
import { developmentTicketKey } from '../../config/ticket-signing-key.js';
import { TicketCodes } from './ticket-codes.js';

const ORDER = '3f2b9c1e-8a4d-4e6f-9b1a-2c3d4e5f6a7b';
const pemOf = (key = generateKeyPairSync('ed25519').privateKey) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The code with the character at `index` replaced by another base32 character. */
function editAt(code: string, index: number): string {
  const other = code[index] === 'A' ? 'B' : 'A';
  return code.slice(0, index) + other + code.slice(index + 1);
}

describe('ticket codes', () => {
  const codes = new TicketCodes(pemOf());

  it('signs an order id into a 128-character base32 code that verifies back to it', () => {
    const code = codes.codeFor(ORDER);
    expect(code).toHaveLength(TICKET_CODE_LENGTH);
    expect(TICKET_CODE_LENGTH).toBe(128);
    expect(code).toMatch(/^[A-Z2-7]{128}$/);
    expect(codes.orderIdOf(code)).toBe(ORDER);
  });

  it('gives an order the same code every time (Ed25519 is deterministic), so codes need no storage', () => {
    expect(codes.codeFor(ORDER)).toBe(codes.codeFor(ORDER));
    expect(codes.codeFor('00000000-0000-4000-8000-000000000001')).not.toBe(codes.codeFor(ORDER));
  });

  it('reads a code typed in lower case, in the printed groups of four, or with dashes', () => {
    const code = codes.codeFor(ORDER);
    expect(formatTicketCode(code).split(' ')).toHaveLength(32);
    expect(codes.orderIdOf(formatTicketCode(code))).toBe(ORDER);
    expect(codes.orderIdOf(code.toLowerCase())).toBe(ORDER);
    expect(codes.orderIdOf(formatTicketCode(code).replace(/ /g, '-'))).toBe(ORDER);
  });

  it('refuses a code edited at any one character', () => {
    const code = codes.codeFor(ORDER);
    for (let i = 0; i < code.length; i += 1) expect(codes.orderIdOf(editAt(code, i))).toBeNull();
  });

  it('refuses a code signed with another key, and one that claims another order', () => {
    const other = new TicketCodes(pemOf());
    expect(codes.orderIdOf(other.codeFor(ORDER))).toBeNull();
    // Another order's id with this order's signature.
    const forged = codes.codeFor('00000000-0000-4000-8000-000000000001').slice(0, 26) + codes.codeFor(ORDER).slice(26);
    expect(codes.orderIdOf(forged)).toBeNull();
  });

  it('refuses made-up, truncated, lengthened and non-base32 codes', () => {
    const code = codes.codeFor(ORDER);
    for (const bad of ['', 'HELLO', 'A'.repeat(128), code.slice(0, -1), `${code}A`, `${code.slice(0, -1)}0`, `${code.slice(0, -1)}!`]) {
      expect(codes.orderIdOf(bad)).toBeNull();
    }
  });

  it('publishes the raw public key that verifies the code outside the server', () => {
    const code = codes.codeFor(ORDER);
    const parsed = parseTicketCode(code)!;
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: codes.publicKeyBase64url() }, format: 'jwk' });
    expect(Buffer.from(codes.publicKeyBase64url(), 'base64url')).toHaveLength(32);
    expect(verify(null, parsed.message, publicKey, parsed.signature)).toBe(true);
  });

  it('signs alike on every replica of a development site (the key derived from the session secret)', () => {
    const a = new TicketCodes(pemOf(developmentTicketKey('a-session-secret-of-32-characters!!')));
    const b = new TicketCodes(pemOf(developmentTicketKey('a-session-secret-of-32-characters!!')));
    const c = new TicketCodes(pemOf(developmentTicketKey('another-session-secret-of-32-chars')));
    expect(b.codeFor(ORDER)).toBe(a.codeFor(ORDER));
    expect(c.orderIdOf(a.codeFor(ORDER))).toBeNull();
  });

  it('refuses a key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(() => new TicketCodes(rsa.export({ type: 'pkcs8', format: 'pem' }).toString())).toThrow(/Ed25519/);
  });
});
