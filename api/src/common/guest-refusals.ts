import { HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { MessageDescriptor } from '@lingui/core';
import { negotiateLanguage, SOURCE_LANGUAGE, type Language } from '@festival/contracts';
import { mailLanguage, type MessageValues } from '../modules/mail/mail-i18n.js';

/** A refusal's message: its id is the code a translated answer carries, its message the English words. */
export type RefusalMessage = MessageDescriptor & { id: string; message: string };

/**
 * The API's refusals a guest reads on a page (docs/languages.md, "The API's answers"), in the
 * API's catalogue (api/src/locales). The English words are the spec's and the pages', and this is
 * their one home (a guest-refusals spec holds them to the spec's words); Hindi and Tamil come from the
 * catalogue. Each id is the code a translated answer carries beside its message, so a page can
 * tell the refusals apart in any language: `promo.<status>` and `tickets-changed.*` are the
 * contracts' (promoRefusalCode, TICKETS_CHANGED_CODE_PREFIX). `/*i18n*\/` marks each for the extractor.
 */
export const GUEST_REFUSALS = {
  // The party tickets.
  soldOut: /*i18n*/ { id: 'tickets-changed.sold-out', message: 'Sorry, the party is sold out' },
  ticketsLeft: /*i18n*/ {
    id: 'tickets-changed.few-left',
    message: 'Only {remaining, plural, one {# ticket} other {# tickets}} remaining',
    comment: 'Fewer tickets are left than the guest asked for.',
  },
  priceChanged: /*i18n*/ {
    id: 'tickets-changed.price',
    message: 'The price has changed: the total is now {total}. Please review your order.',
    comment: 'Review: the tickets cost more or less than the page showed; total is in US dollars ($54.99).',
  },
  promoInvalid: /*i18n*/ { id: 'promo.invalid', message: 'Invalid promo code' },
  promoExpired: /*i18n*/ { id: 'promo.expired', message: 'This promo code has expired' },
  promoUsedUp: /*i18n*/ { id: 'promo.used-up', message: 'This promo code has been used up' },
  ticketsHeldFromNetwork: /*i18n*/ {
    id: 'holds.tickets-from-network',
    message:
      'Too many tickets are waiting for payment from your network. Please complete or cancel those payments, or try again in a few minutes.',
    comment: 'Review: many unpaid ticket holds from the same internet address (a shared Wi-Fi): pay or cancel them first.',
  },
  // The waitlist.
  stillOnSale: /*i18n*/ {
    id: 'waitlist.still-on-sale',
    message: 'Tickets are still on sale: {remaining} remaining. Please buy them on this page.',
    comment: 'A guest tried to join the waitlist while tickets can still be bought.',
  },
  offerExpired: /*i18n*/ {
    id: 'waitlist.offer-expired',
    message: 'This offer has expired',
    comment: "A waitlist offer's link after its time ran out.",
  },
  offerHolds: /*i18n*/ {
    id: 'waitlist.offer-holds',
    message: 'Your offer holds {tickets, plural, one {# ticket} other {# tickets}}',
    comment: 'The guest asked for more tickets than their waitlist offer holds.',
  },
  // The feast pack pre-orders.
  feastClosed: /*i18n*/ { id: 'feast.closed', message: 'Feast pack pre-orders are closed' },
  pickupFull: /*i18n*/ { id: 'feast.pickup-full', message: 'This pickup time is full' },
  pickupGone: /*i18n*/ { id: 'feast.pickup-gone', message: 'This pickup time is no longer offered — please choose another' },
  packGone: /*i18n*/ { id: 'feast.pack-gone', message: 'A feast pack in your cart is no longer offered — please review your order' },
  feastTotalChanged: /*i18n*/ {
    id: 'feast.total-changed',
    message: 'The total has changed — please review your order',
    comment: 'Review: the feast packs cost more or less than the page showed.',
  },
  packsLeft: /*i18n*/ {
    id: 'feast.packs-left',
    message: 'Only {left, plural, one {# pack is} other {# packs are}} left for this pickup time',
  },
  packsHeldFromNetwork: /*i18n*/ {
    id: 'holds.packs-from-network',
    message:
      'Too many packs are waiting for payment from your network. Please complete or cancel those payments, or try again in a few minutes.',
    comment: 'Review: many unpaid feast pack holds from the same internet address (a shared Wi-Fi): pay or cancel them first.',
  },
  // The drinks.
  drinkGone: /*i18n*/ { id: 'drinks.gone', message: '{drink} is no longer on the menu. Please remove it from your cart.' },
  drinkPrice: /*i18n*/ {
    id: 'drinks.price',
    message: 'The price of {drink} is now {price}. Please review your cart.',
    comment: 'Review: a drink costs more or less than the cart showed; price is in US dollars.',
  },
  drinksTotal: /*i18n*/ {
    id: 'drinks.total',
    message: 'The total has changed: it is now {total}. Please review your order.',
    comment: 'Review: the drinks cost more or less than the cart showed; total is in US dollars.',
  },
  drinkOutOfStock: /*i18n*/ { id: 'drinks.out-of-stock', message: '{drink} is out of stock. Please remove it from your cart.' },
  drinkFewLeft: /*i18n*/ { id: 'drinks.few-left', message: 'Only {available} {drink} left. Please lower the quantity.' },
  drinkSoldOut: /*i18n*/ { id: 'drinks.sold-out', message: '{drink} just sold out. Please review your cart.' },
  // A card kept for drinks (docs/guest-account.md), and My tickets.
  tabsNotYet: /*i18n*/ { id: 'kept-card.before-party', message: 'Tabs open when the party starts' },
  partyOver: /*i18n*/ { id: 'kept-card.after-party', message: 'The party is over' },
  cardForgotten: /*i18n*/ { id: 'kept-card.forgotten', message: 'This card was forgotten' },
  cardLinkInvalid: /*i18n*/ { id: 'kept-card.unknown', message: 'This link is not valid' },
  tabAlreadyOpen: /*i18n*/ { id: 'kept-card.tab-open', message: 'A tab is already open on this card' },
  closeTabFirst: /*i18n*/ {
    id: 'kept-card.close-tab-first',
    message: 'Close your drinks tab before forgetting your card',
    comment: 'Review: the kept card pays the open drinks tab when it closes, so it cannot be forgotten before.',
  },
  mealsClosed: /*i18n*/ {
    id: 'meals.closed',
    message: 'Meal choices have closed: please ask the restaurant to change a meal',
  },
  resendRefunded: /*i18n*/ { id: 'resend.refunded', message: 'This order was refunded, so it has no tickets to e-mail' },
  resendUnpaid: /*i18n*/ { id: 'resend.unpaid', message: 'This order is not paid, so it has no tickets to e-mail' },
  // Too many requests from one address (the routes' rate limits, docs/RELIABILITY.md).
  tooManyPayments: /*i18n*/ {
    id: 'limits.payment-start',
    message: 'Too many payments started from this address. Please wait a few minutes and try again.',
  },
  tooManyWaitlist: /*i18n*/ {
    id: 'limits.waitlist-join',
    message: 'Too many waitlist requests from this address. Please wait a few minutes and try again.',
  },
  tooManyLinks: /*i18n*/ {
    id: 'limits.my-tickets-link',
    message: 'Too many links asked for from this address. Please wait a few minutes and try again.',
  },
  tooManyEvents: /*i18n*/ { id: 'limits.analytics-event', message: 'Too many analytics events from this address. Please slow down.' },
  // A request the page should not have sent (its own checks are the same, in the page's words).
  invalid: /*i18n*/ {
    id: 'request.invalid',
    message: 'Please check these details: {fields}',
    comment: "A form's details the server refused; fields names them as the form's fields (customerEmail, tickets).",
  },
  unreadable: /*i18n*/ { id: 'request.unreadable', message: 'This request could not be read. Please reload the page and try again.' },
} as const satisfies Record<string, RefusalMessage>;

/**
 * A refusal a guest reads: answered in English with the words above (exactly as before), and in
 * the language the page asked for (its `Accept-Language`) with `{ message, code }`.
 */
export class GuestRefusal extends HttpException {
  /**
   * `english`: the English answer when it is not the message's own words (a refused request's
   * details, as the API always gave them).
   */
  constructor(
    status: number,
    readonly refusal: RefusalMessage,
    readonly values: MessageValues = {},
    english?: string,
  ) {
    super(english ?? mailLanguage(SOURCE_LANGUAGE).text(refusal, values), status);
  }

  /** Answers `req` in the language it asks for, with `Content-Language` (HttpErrorFilter, the rate limits). */
  send(req: Pick<Request, 'headers'>, res: Pick<Response, 'setHeader' | 'status' | 'json'>): void {
    const language = answerLanguage(req.headers['accept-language']);
    res.setHeader('Content-Language', language);
    res.status(this.getStatus()).json(this.answerIn(language));
  }

  /** The answer's body in `language`: the message alone in English, with its code otherwise. */
  answerIn(language: Language): { message: string; code?: string } {
    if (language === SOURCE_LANGUAGE) return { message: this.message };
    return { message: mailLanguage(language).text(this.refusal, this.values), code: this.refusal.id };
  }
}

/** The language a request's answers are in: the one its `Accept-Language` names first among ours, else English. */
export function answerLanguage(acceptLanguage: string | undefined): Language {
  return negotiateLanguage(acceptLanguage) ?? SOURCE_LANGUAGE;
}
