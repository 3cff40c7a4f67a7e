import {
  admitsLine,
  bytesToUuid,
  checkInRequestSchema,
  decodeBase32,
  encodeBase32,
  formatTicketCode,
  parseTicketCode,
  TICKET_CODE_LENGTH,
  ticketLines,
  uuidToBytes,
} from './door.js';

describe('ticket code format', () => {
  it('writes base32 as RFC 4648 does (upper case, no padding) and reads it back', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(encodeBase32(text('foobar'))).toBe('MZXW6YTBOI');
    expect(encodeBase32(text('f'))).toBe('MY');
    expect(Array.from(decodeBase32('MZXW6YTBOI')!)).toEqual(Array.from(text('foobar')));
    const bytes = Uint8Array.from({ length: 80 }, (_, i) => (i * 37 + 11) & 255);
    expect(Array.from(decodeBase32(encodeBase32(bytes))!)).toEqual(Array.from(bytes));
  });

  it('gives each byte string one spelling: other characters and non-zero leftover bits are refused', () => {
    expect(decodeBase32('MZ')).toBeNull(); // "f" is MY; Z leaves a non-zero bit over
    expect(decodeBase32('MY0')).toBeNull();
    expect(decodeBase32('my')).toBeNull();
  });

  it('turns an order id into 16 bytes and back', () => {
    const id = '3f2b9c1e-8a4d-4e6f-9b1a-2c3d4e5f6a7b';
    expect(bytesToUuid(uuidToBytes(id)!)).toBe(id);
    expect(uuidToBytes('not-a-uuid')).toBeNull();
  });

  it('parses a code of 128 characters into the order id and the 64-byte signature, in any case and grouping', () => {
    const id = '3f2b9c1e-8a4d-4e6f-9b1a-2c3d4e5f6a7b';
    const bytes = new Uint8Array(80);
    bytes.set(uuidToBytes(id)!);
    bytes.fill(7, 16);
    const code = encodeBase32(bytes);
    expect(code).toHaveLength(TICKET_CODE_LENGTH);
    for (const written of [code, code.toLowerCase(), formatTicketCode(code), formatTicketCode(code).replace(/ /g, '-')]) {
      const parsed = parseTicketCode(written)!;
      expect(parsed.orderId).toBe(id);
      expect(parsed.signature).toHaveLength(64);
      expect(new TextDecoder().decode(parsed.message.slice(0, -16))).toBe('festival-ticket:v1:');
    }
    expect(parseTicketCode(code.slice(1))).toBeNull();
    expect(parseTicketCode(`${code.slice(1)}1`)).toBeNull();
  });

  it('describes bad check-in requests by field', () => {
    const result = checkInRequestSchema.safeParse({ code: 'X', guests: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['guests: guests must be at least 1']);
  });
});

describe('admitsLine', () => {
  it('says what a ticket code admits, as the e-mail and the confirmation step print it', () => {
    expect(admitsLine(2, 1)).toBe('Admits 3 guests: 2 adults, 1 child');
    expect(admitsLine(1, 0)).toBe('Admits 1 guest: 1 adult');
    expect(admitsLine(0, 2)).toBe('Admits 2 guests: 2 children');
  });
});

describe('ticketLines', () => {
  it('writes the tickets as 2 adults, 1 child', () => {
    expect(ticketLines(2, 1)).toBe('2 adults, 1 child');
    expect(ticketLines(1, 0)).toBe('1 adult');
    expect(ticketLines(0, 3)).toBe('3 children');
    expect(ticketLines(1, 2)).toBe('1 adult, 2 children');
  });
});
