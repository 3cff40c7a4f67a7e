import { HttpStatus, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  LANGUAGES,
  PROMO_CODE_REFUSALS,
  promoRefusalCode,
  LATE_REFUND_CODE,
  TICKETS_CHANGED_CODE_PREFIX,
  waitlistJoinRequestSchema,
} from '@festival/contracts';
import { answerLanguage, GUEST_REFUSALS, GuestRefusal } from './guest-refusals.js';
import { HttpErrorFilter } from './http-error.filter.js';
import { ZodValidationPipe } from './zod-validation.pipe.js';

/** What the filter answered for one thrown error to a request with `acceptLanguage`. */
function answerTo(exception: unknown, acceptLanguage?: string) {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const res = {
    headersSent: false,
    status(status: number) {
      sent.status = status;
      return res;
    },
    set: () => res,
    setHeader(name: string, value: string) {
      sent.headers[name] = value;
      return res;
    },
    json(body: unknown) {
      sent.body = body;
      return res;
    },
  };
  const req = { path: '/api/x', headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} };
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }) } as unknown as ArgumentsHost;
  new HttpErrorFilter({ warn: jest.fn(), error: jest.fn() } as unknown as Logger).catch(exception, host);
  return sent;
}

const TAMIL = /[\u0B80-\u0BFF]/;
const DEVANAGARI = /[\u0900-\u097F]/;

describe("the guest refusals' English words are the spec's and the pages', unchanged", () => {
  it('says them word for word as before', () => {
    const english = (refusal: (typeof GUEST_REFUSALS)[keyof typeof GUEST_REFUSALS]) => new GuestRefusal(409, refusal).message;
    expect(english(GUEST_REFUSALS.promoInvalid)).toBe(PROMO_CODE_REFUSALS.invalid);
    expect(english(GUEST_REFUSALS.promoExpired)).toBe(PROMO_CODE_REFUSALS.expired);
    expect(english(GUEST_REFUSALS.promoUsedUp)).toBe(PROMO_CODE_REFUSALS['used-up']);
    expect(english(GUEST_REFUSALS.feastClosed)).toBe('Feast pack pre-orders are closed');
    expect(english(GUEST_REFUSALS.pickupFull)).toBe('This pickup time is full');
    expect(english(GUEST_REFUSALS.feastTotalChanged)).toBe('The total has changed — please review your order');
    expect(english(GUEST_REFUSALS.offerExpired)).toBe('This offer has expired');
    expect(english(GUEST_REFUSALS.soldOut)).toBe('Sorry, the party is sold out');
    expect(english(GUEST_REFUSALS.tabsNotYet)).toBe('Tabs open when the party starts');
    expect(english(GUEST_REFUSALS.partyOver)).toBe('The party is over');
    expect(english(GUEST_REFUSALS.cardForgotten)).toBe('This card was forgotten');
    expect(english(GUEST_REFUSALS.cardLinkInvalid)).toBe('This link is not valid');
    expect(english(GUEST_REFUSALS.tabAlreadyOpen)).toBe('A tab is already open on this card');
    expect(english(GUEST_REFUSALS.closeTabFirst)).toBe('Close your drinks tab before forgetting your card');
    expect(english(GUEST_REFUSALS.mealsClosed)).toBe('Meal choices have closed: please ask the restaurant to change a meal');
  });

  it('fills in numbers, money and names, with the plurals they always had', () => {
    const english = (refusal: (typeof GUEST_REFUSALS)[keyof typeof GUEST_REFUSALS], values: Record<string, string | number>) =>
      new GuestRefusal(409, refusal, values).message;
    expect(english(GUEST_REFUSALS.ticketsLeft, { remaining: 1 })).toBe('Only 1 ticket remaining');
    expect(english(GUEST_REFUSALS.ticketsLeft, { remaining: 3 })).toBe('Only 3 tickets remaining');
    expect(english(GUEST_REFUSALS.priceChanged, { total: '$54.99' })).toBe(
      'The price has changed: the total is now $54.99. Please review your order.',
    );
    expect(english(GUEST_REFUSALS.packsLeft, { left: 1 })).toBe('Only 1 pack is left for this pickup time');
    expect(english(GUEST_REFUSALS.packsLeft, { left: 4 })).toBe('Only 4 packs are left for this pickup time');
    expect(english(GUEST_REFUSALS.offerHolds, { tickets: 2 })).toBe('Your offer holds 2 tickets');
    expect(english(GUEST_REFUSALS.stillOnSale, { remaining: 12 })).toBe(
      'Tickets are still on sale: 12 remaining. Please buy them on this page.',
    );
    expect(english(GUEST_REFUSALS.drinkFewLeft, { available: 2, drink: 'Mango Lassi' })).toBe(
      'Only 2 Mango Lassi left. Please lower the quantity.',
    );
    expect(english(GUEST_REFUSALS.typeFewLeft, { type: 'VIP', left: 1 })).toBe('Only 1 VIP ticket remaining');
    expect(english(GUEST_REFUSALS.typeFewLeft, { type: 'VIP', left: 3 })).toBe('Only 3 VIP tickets remaining');
    expect(english(GUEST_REFUSALS.tabDeclined, { reason: 'Your card has insufficient funds.' })).toBe(
      'The card was declined: Your card has insufficient funds. The tab is still open.',
    );
    expect(english(GUEST_REFUSALS.drinkRanOut, { drink: 'Mango Lassi', total: '$7.11' })).toBe(
      'Sorry, Mango Lassi ran out while you were paying. Your payment of $7.11 is being refunded in full.',
    );
    expect(english(GUEST_REFUSALS.drinkRefunded, {})).toBe('Your payment is being refunded in full.');
    // A manager's drink name is a value, never read as part of the message.
    expect(english(GUEST_REFUSALS.drinkSoldOut, { drink: "Rose {Sharbat} O'Neil" })).toBe(
      "Rose {Sharbat} O'Neil just sold out. Please review your cart.",
    );
  });
});

describe('the guest refusals in Hindi and Tamil', () => {
  const values = {
    remaining: 3,
    total: '$54.99',
    left: 2,
    tickets: 2,
    drink: 'Mango Lassi',
    price: '$6.99',
    available: 2,
    fields: 'customerEmail',
    type: 'VIP',
    date: 'Tuesday, September 1, 2026 at 10:00 AM',
    reason: 'Your card has insufficient funds.',
  };

  it.each(Object.entries(GUEST_REFUSALS))('%s has its Hindi and Tamil words, with every value in place', (_name, refusal) => {
    const refused = new GuestRefusal(409, refusal, values);
    const hindi = refused.answerIn('hi');
    const tamil = refused.answerIn('ta');
    expect(hindi.message).toMatch(DEVANAGARI);
    expect(tamil.message).toMatch(TAMIL);
    for (const answer of [hindi, tamil]) {
      expect(answer.code).toBe(refusal.id);
      expect(answer.message).not.toMatch(/[{}]|undefined/);
      for (const name of Object.keys(values) as (keyof typeof values)[]) {
        if (refusal.message.includes(`{${name}`)) expect(answer.message).toContain(String(values[name]));
      }
    }
  });

  it("carries the codes the party page tells refusals apart by (the contracts')", () => {
    expect([GUEST_REFUSALS.promoInvalid.id, GUEST_REFUSALS.promoExpired.id, GUEST_REFUSALS.promoUsedUp.id]).toEqual(
      (['invalid', 'expired', 'used-up'] as const).map(promoRefusalCode),
    );
    // The refusals whose English the page reads as "the tickets changed" (sold out, remaining, a
    // new price, a type off sale), and only those.
    const changed = Object.values(GUEST_REFUSALS).filter((refusal) => refusal.id.startsWith(TICKETS_CHANGED_CODE_PREFIX));
    expect(changed.map((refusal) => refusal.id).sort()).toEqual(
      [
        GUEST_REFUSALS.soldOut,
        GUEST_REFUSALS.ticketsLeft,
        GUEST_REFUSALS.priceChanged,
        GUEST_REFUSALS.typeHidden,
        GUEST_REFUSALS.typeNotYet,
        GUEST_REFUSALS.typeEnded,
        GUEST_REFUSALS.typeSoldOut,
        GUEST_REFUSALS.typeFewLeft,
      ]
        .map((refusal) => refusal.id)
        .sort(),
    );
    for (const refusal of changed) {
      expect(refusal.message).toMatch(/sold out|remaining|price has changed|tickets (go|are not|are no longer) on sale/i);
    }
    expect(GUEST_REFUSALS.lateRefunded.id).toBe(LATE_REFUND_CODE);
    expect(GUEST_REFUSALS.lateRefunded.message).toMatch(/refunded/i);
  });
});

describe('the answer to a refused request', () => {
  it('is English, as always, without a language or with English asked first', () => {
    for (const asked of [undefined, 'en-US,en;q=0.9', 'fr-FR, en;q=0.5, ta;q=0.2']) {
      const answer = answerTo(new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.pickupFull), asked);
      expect([answer.status, answer.body]).toEqual([409, { message: 'This pickup time is full' }]);
    }
  });

  it('is in the language the page asks for, with the code and Content-Language', () => {
    const answer = answerTo(new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.ticketsLeft, { remaining: 2 }), 'ta');
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: expect.stringMatching(TAMIL), code: 'tickets-changed.few-left' });
    expect((answer.body as { message: string }).message).toContain('2');
    expect(answer.headers['Content-Language']).toBe('ta');
    expect(answerLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
  });

  it("leaves other errors in English whatever the language (staff's, a missing row)", () => {
    expect(answerTo(new NotFoundException('Tab not found'), 'ta').body).toEqual({ message: 'Tab not found' });
  });

  it('names the refused fields: every detail in English, the fields in one sentence in Hindi and Tamil', () => {
    const refused = (() => {
      try {
        new ZodValidationPipe(waitlistJoinRequestSchema).transform({ name: 'Asha', email: 'not-an-address', tickets: 0 });
      } catch (error) {
        return error;
      }
      throw new Error('the pipe took a bad request');
    })();
    const english = answerTo(refused).body as { message: string };
    expect(english.message).toMatch(/^email: .+; tickets: .+$/);
    expect(Object.keys(english)).toEqual(['message']);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const answer = answerTo(refused, language).body as { message: string; code: string };
      expect(answer.code).toBe('request.invalid');
      expect(answer.message).toContain('email, tickets');
      expect(answer.message).toMatch(language === 'hi' ? DEVANAGARI : TAMIL);
    }
  });
});
