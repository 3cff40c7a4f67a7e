import type { PartyContact, PartyOrderReceipt, PartyOrderResponse, PromoCodeStatus } from '@festival/contracts';
import type { SeatDraft } from './meals-section';
import type { TypeCounts } from './ticket-selection';
import type { AppliedPromo } from './tickets-step';

/** The party page's four steps, in order. */
export type Step = 'tickets' | 'contact' | 'payment' | 'confirmation';

/** Everything the party page remembers while the guest buys tickets. */
export interface PartyState {
  step: Step;
  adultTickets: number;
  childTickets: number;
  /** Tickets of the season's other types, when it sells them (docs/ticket-types.md). */
  items: TypeCounts;
  promo: AppliedPromo;
  /** What the guest typed on the contact step, kept when they go back to the tickets. */
  contact: PartyContact;
  /** The meal rows typed on the contact step (docs/meals.md), kept likewise, seat by seat. */
  guests: readonly SeatDraft[];
  /** The held order and its payment, once the contact step went through. */
  order: PartyOrderResponse | null;
  receipt: PartyOrderReceipt | null;
  /** The client secret the payment was confirmed with: it lets the guest have the e-mail sent again. */
  paidSecret: string | null;
  /** Why the guest is back on the tickets step (sold out, price changed, payment not completed). */
  notice: string | null;
  contactError: string | null;
  paymentError: string | null;
}

export type PartyAction =
  /** The guest changed the ticket counts: a notice about the previous counts no longer applies. */
  | { type: 'counts-changed'; adultTickets: number; childTickets: number; items?: TypeCounts }
  | { type: 'promo-changed'; promo: AppliedPromo }
  /** Continue from the tickets step. */
  | { type: 'contact-opened' }
  /** Back from the contact step, keeping what was typed. */
  | { type: 'tickets-reopened'; contact: PartyContact; guests?: readonly SeatDraft[] }
  | { type: 'payment-requested'; contact: PartyContact; guests?: readonly SeatDraft[] }
  | { type: 'order-created'; order: PartyOrderResponse }
  /** The held order was refused for its promo code: back to the tickets, the code marked with why. */
  | { type: 'promo-refused'; status: PromoCodeStatus }
  /** The tickets or their price changed since the guest chose: back to the tickets, saying so. */
  | { type: 'tickets-changed'; notice: string }
  | { type: 'contact-failed'; error: string }
  | { type: 'payment-confirming' }
  | { type: 'paid'; receipt: PartyOrderReceipt; clientSecret: string | null }
  | { type: 'payment-failed'; error: string }
  /** Back from a payment method that redirects, without the payment. */
  | { type: 'payment-not-completed' };

/**
 * The notice of a guest back from a payment method that redirects, without the payment: kept in
 * English in the state, like the API's notices; the tickets step shows it translated.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- the state's record, shown translated by the tickets step
export const PAYMENT_NOT_COMPLETED = 'Payment was not completed';

export const EMPTY_CONTACT: PartyContact = { firstName: '', lastName: '', email: '', phone: '' };
export const NO_PROMO: AppliedPromo = { code: '', status: 'none', percent: 0 };

export const INITIAL_PARTY_STATE: PartyState = {
  step: 'tickets',
  adultTickets: 0,
  childTickets: 0,
  items: {},
  promo: NO_PROMO,
  contact: EMPTY_CONTACT,
  guests: [],
  order: null,
  receipt: null,
  paidSecret: null,
  notice: null,
  contactError: null,
  paymentError: null,
};

/** The party page's state after one action: a pure function, no effects. */
export function partyReducer(state: PartyState, action: PartyAction): PartyState {
  switch (action.type) {
    case 'counts-changed':
      return {
        ...state,
        adultTickets: action.adultTickets,
        childTickets: action.childTickets,
        items: action.items ?? state.items,
        notice: null,
      };
    case 'promo-changed':
      return { ...state, promo: action.promo };
    case 'contact-opened':
      return { ...state, step: 'contact' };
    case 'tickets-reopened':
      return { ...state, contact: action.contact, guests: action.guests ?? state.guests, step: 'tickets' };
    case 'payment-requested':
      return { ...state, contact: action.contact, guests: action.guests ?? state.guests, contactError: null };
    case 'order-created':
      return { ...state, order: action.order, step: 'payment' };
    case 'promo-refused':
      return { ...state, promo: { code: state.promo.code, status: action.status, percent: 0 }, step: 'tickets' };
    case 'tickets-changed':
      return { ...state, notice: action.notice, step: 'tickets' };
    case 'contact-failed':
      return { ...state, contactError: action.error };
    case 'payment-confirming':
      return { ...state, paymentError: null };
    case 'paid':
      return { ...state, receipt: action.receipt, paidSecret: action.clientSecret, step: 'confirmation' };
    case 'payment-failed':
      // Back from a payment method that redirects there is no payment step to show it: the
      // tickets step says it (a late payment refunded, and why).
      return state.step === 'payment' ? { ...state, paymentError: action.error } : { ...state, notice: action.error };
    case 'payment-not-completed':
      return { ...state, notice: PAYMENT_NOT_COMPLETED };
  }
}
