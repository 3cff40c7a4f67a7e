import { saleWindowClosed, typeClosed } from './ticket-selection.js';

const TIME_ZONE = 'America/Los_Angeles';

describe("the sale windows' refusals, in the guest's words", () => {
  it('refuse an order before the party sale window opens (saying when) and after it ends, with a 409', () => {
    const window = { saleOpensAt: '2026-09-01T10:00:00-07:00', saleClosesAt: '2026-10-24T18:00:00-07:00' };
    const at = (iso: string) => saleWindowClosed(window, new Date(iso), TIME_ZONE);

    const early = at('2026-09-01T16:59:59Z');
    expect([early?.getStatus(), early?.message]).toEqual([409, 'Ticket sales open on Tuesday, September 1, 2026 at 10:00 AM']);
    expect(at('2026-09-01T17:00:00Z')).toBeNull();
    expect(at('2026-10-25T00:59:59Z')).toBeNull();
    expect(at('2026-10-25T01:00:00Z')?.message).toBe('Ticket sales have ended');
    expect(saleWindowClosed({ saleOpensAt: null, saleClosesAt: null }, new Date(0), TIME_ZONE)).toBeNull();

    // In Tamil: the code the party page tells them apart by, and the opening date in Tamil.
    const tamil = early?.answerIn('ta');
    expect(tamil?.code).toBe('sales.not-open');
    expect(tamil?.message).toMatch(/2026/);
    expect(tamil?.message).not.toMatch(/Ticket|September|Tuesday/);
  });

  it('refuse a type that staff hid, or outside its own sale window, naming it', () => {
    const vip = { name: 'VIP Table', salesStart: '2026-09-01T10:00:00-07:00', salesEnd: '2026-10-20T00:00:00-07:00', hidden: false };
    const at = (iso: string, type = vip) => typeClosed(type, new Date(iso), TIME_ZONE);

    expect(at('2026-09-15T00:00:00Z', { ...vip, hidden: true })?.message).toBe('VIP Table tickets are not on sale');
    const early = at('2026-08-15T00:00:00Z');
    expect([early?.getStatus(), early?.message]).toEqual([409, 'VIP Table tickets go on sale on Tuesday, September 1, 2026 at 10:00 AM']);
    expect(at('2026-10-21T00:00:00Z')?.message).toBe('VIP Table tickets are no longer on sale');
    expect(at('2026-09-15T00:00:00Z')).toBeNull();
    expect(early?.answerIn('hi')).toEqual({ code: 'tickets-changed.type-not-yet', message: expect.stringContaining('VIP Table') });
  });
});
