import { HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { MessageDescriptor } from '@lingui/core';
import { negotiateLanguage, SOURCE_LANGUAGE, type Language } from '@festival/contracts';
import { guestLanguage, type GuestLanguage, type MessageValues } from './guest-language.js';

/** A refusal's message: its id is the code a translated answer carries, its message the English words. */
export type RefusalMessage = MessageDescriptor & { id: string; message: string };

/**
 * A refusal's values: as they are, or made for each language (a date or a reason the answer
 * words in its own language).
 */
export type RefusalValues = MessageValues | ((language: GuestLanguage) => MessageValues);

const valuesIn = (values: RefusalValues, language: Language): MessageValues =>
  typeof values === 'function' ? values(guestLanguage(language)) : values;

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
  // One ticket type (docs/ticket-types.md); type is its name, as the manager wrote it.
  typeHidden: /*i18n*/ { id: 'tickets-changed.type-hidden', message: '{type} tickets are not on sale' },
  typeNotYet: /*i18n*/ {
    id: 'tickets-changed.type-not-yet',
    message: '{type} tickets go on sale on {date}',
    comment: 'date is a date and time (Tuesday, September 1, 2026 at 10:00 AM).',
  },
  typeEnded: /*i18n*/ { id: 'tickets-changed.type-ended', message: '{type} tickets are no longer on sale' },
  typeSoldOut: /*i18n*/ { id: 'tickets-changed.type-sold-out', message: '{type} tickets are sold out' },
  typeFewLeft: /*i18n*/ {
    id: 'tickets-changed.type-few-left',
    message: 'Only {left} {type} {left, plural, one {ticket} other {tickets}} remaining',
    comment: 'Fewer tickets of this type are left than the guest asked for.',
  },
  typeGone: /*i18n*/ {
    id: 'tickets.type-gone',
    message: 'Ticket type {type} is not on sale for this party',
    comment: 'The page offered a ticket type the party no longer has; type is its number.',
  },
  // The party's sale window (the Tickets settings).
  salesNotOpen: /*i18n*/ {
    id: 'sales.not-open',
    message: 'Ticket sales open on {date}',
    comment: 'date is a date and time (Tuesday, September 1, 2026 at 10:00 AM).',
  },
  salesEnded: /*i18n*/ { id: 'sales.ended', message: 'Ticket sales have ended' },
  lateRefunded: /*i18n*/ {
    id: 'payments.late-refunded',
    message: 'Your payment went through after your tickets were released, and {reason} meanwhile. It has been refunded in full.',
    comment:
      'Review: the card was charged after the unpaid hold ran out, and the tickets could no longer be sold (reason: the party sold out, ticket sales closed…); the whole payment is refunded.',
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
  feastLateRefunded: /*i18n*/ {
    id: 'feast.late-refunded',
    message: 'Your payment went through after your packs were released, and {reason} meanwhile. It has been refunded in full.',
    comment:
      'Review: the card was charged after the unpaid pre-order hold ran out, and the packs could no longer be sold (reason: the pickup time filled up, pre-orders closed…); the whole payment is refunded.',
  },
  // The drinks.
  drinkOrderNotFound: /*i18n*/ { id: 'drinks.order-not-found', message: 'Order not found' },
  notAtBar: /*i18n*/ {
    id: 'drinks.not-at-bar',
    message: 'This order has not reached the bar',
    comment: 'A drinks order whose payment has not finished yet is not in the bar queue.',
  },
  tabNotFound: /*i18n*/ { id: 'drinks.tab-not-found', message: 'Tab not found' },
  tabPending: /*i18n*/ { id: 'drinks.tab-pending', message: 'This tab is not open yet: the card setup has not finished.' },
  tabClosing: /*i18n*/ {
    id: 'drinks.tab-closing',
    message: 'This tab is being closed. Please pay for this order now.',
    comment: 'Review: an order cannot go on a tab being charged; the guest pays for it by card now.',
  },
  tabClosed: /*i18n*/ { id: 'drinks.tab-closed', message: 'This tab is closed. Please pay now or open a new tab.' },
  tabLimit: /*i18n*/ {
    id: 'drinks.tab-limit',
    message: 'Your tab has reached its limit — please see the bar',
    comment: 'Review: a tab may run up to a limit; the bar staff can approve more after the guest shows they can pay.',
  },
  tabTipClosed: /*i18n*/ { id: 'drinks.tab-tip-closed', message: 'This tab is closed: its tip can no longer change.' },
  tabDeclined: /*i18n*/ {
    id: 'drinks.tab-declined',
    message: 'The card was declined: {reason} The tab is still open.',
    comment: "Review: closing the tab charged the guest's card and the bank refused; reason is the bank's words, in English.",
  },
  tabSetupMismatch: /*i18n*/ { id: 'drinks.setup-mismatch', message: 'This card setup does not belong to this tab' },
  tabSetupIncomplete: /*i18n*/ { id: 'drinks.setup-incomplete', message: 'Card setup was not completed' },
  drinksStartFailed: /*i18n*/ {
    id: 'drinks.payment-not-started',
    message: 'Error creating payment. Please try again.',
    comment: 'Review: the drinks payment or the tab could not be started (nothing was charged).',
  },
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
  drinkRanOut: /*i18n*/ {
    id: 'drinks.ran-out',
    message: 'Sorry, {drink} ran out while you were paying. Your payment of {total} is being refunded in full.',
    comment: 'Review: the card was charged while the last of a drink was sold to someone else; total is in US dollars ($7.11).',
  },
  drinkRefunded: /*i18n*/ { id: 'drinks.refunded', message: 'Your payment is being refunded in full.' },
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
  partyOrderNotFound: /*i18n*/ { id: 'orders.not-found', message: 'Order not found' },
  mealsPastEvent: /*i18n*/ { id: 'meals.past-event', message: "A past event's meals cannot be changed" },
  mealsUnpaid: /*i18n*/ { id: 'meals.unpaid', message: "Only a paid order's meals can be changed" },
  mealsClosed: /*i18n*/ {
    id: 'meals.closed',
    message: 'Meal choices have closed: please ask the restaurant to change a meal',
  },
  resendRefunded: /*i18n*/ { id: 'resend.refunded', message: 'This order was refunded, so it has no tickets to e-mail' },
  resendUnpaid: /*i18n*/ { id: 'resend.unpaid', message: 'This order is not paid, so it has no tickets to e-mail' },
  // Paying (docs/architecture.md, "The money path").
  paymentNotStarted: /*i18n*/ {
    id: 'payments.not-started',
    message: 'Failed to initialize payment. Please try again.',
    comment: 'Review: the payment could not be started (nothing was charged).',
  },
  paymentNotCompleted: /*i18n*/ { id: 'payments.not-completed', message: 'Payment was not completed' },
  paymentMismatch: /*i18n*/ { id: 'payments.mismatch', message: 'This payment does not match the order' },
  gatewayUnavailable: /*i18n*/ {
    id: 'payments.gateway-unavailable',
    message: 'The payment service could not be reached. Please try again.',
    comment: 'Review: the card payment service did not answer; nothing was charged.',
  },
  tooManyDeclines: /*i18n*/ {
    id: 'payments.too-many-declines',
    message: 'Too many declined card attempts. Please wait an hour, or pay at the bar or the door.',
    comment: 'Review: several cards were declined from this address or e-mail within the hour (a defence against card testing).',
  },
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
    readonly values: RefusalValues = {},
    english?: string,
  ) {
    super(english ?? guestLanguage(SOURCE_LANGUAGE).text(refusal, valuesIn(values, SOURCE_LANGUAGE)), status);
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
    return { message: guestLanguage(language).text(this.refusal, valuesIn(this.values, language)), code: this.refusal.id };
  }
}

/** The language a request's answers are in: the one its `Accept-Language` names first among ours, else English. */
export function answerLanguage(acceptLanguage: string | undefined): Language {
  return negotiateLanguage(acceptLanguage) ?? SOURCE_LANGUAGE;
}
