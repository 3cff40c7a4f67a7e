import type { PartyOrderReceipt, PartyOrderResponse } from '@festival/contracts';
import { EMPTY_CONTACT, INITIAL_PARTY_STATE, partyReducer, type PartyAction, type PartyState } from './party-state';

const contact = { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', phone: '4085550100' };
const order = { clientSecret: 'pi_1_secret_2' } as PartyOrderResponse;
const receipt = { orderId: 'order-1' } as PartyOrderReceipt;

const run = (actions: PartyAction[], from: PartyState = INITIAL_PARTY_STATE) => actions.reduce(partyReducer, from);

describe('the party page state', () => {
  it('starts on the tickets step with nothing chosen', () => {
    expect(INITIAL_PARTY_STATE).toMatchObject({ step: 'tickets', adultTickets: 0, childTickets: 0, contact: EMPTY_CONTACT, order: null });
    expect(INITIAL_PARTY_STATE.promo).toEqual({ code: '', status: 'none', percent: 0 });
  });

  it('takes new counts and drops the notice about the old ones', () => {
    const state = run([
      { type: 'tickets-changed', notice: 'Only 2 tickets remaining' },
      { type: 'counts-changed', adultTickets: 2, childTickets: 1 },
    ]);
    expect(state).toMatchObject({ step: 'tickets', adultTickets: 2, childTickets: 1, notice: null });
  });

  it('keeps the tickets of other types until new ones are chosen', () => {
    const state = run([
      { type: 'counts-changed', adultTickets: 1, childTickets: 0, items: { 7: 1 } },
      { type: 'counts-changed', adultTickets: 2, childTickets: 0 },
    ]);
    expect(state).toMatchObject({ adultTickets: 2, items: { 7: 1 } });
    expect(run([{ type: 'counts-changed', adultTickets: 0, childTickets: 0, items: {} }], state).items).toEqual({});
  });

  it('goes tickets → contact → payment → confirmation', () => {
    const state = run([
      { type: 'counts-changed', adultTickets: 2, childTickets: 0 },
      { type: 'contact-opened' },
      { type: 'payment-requested', contact },
      { type: 'order-created', order },
      { type: 'payment-confirming' },
      { type: 'paid', receipt, clientSecret: 'pi_1_secret_2' },
    ]);
    expect(state).toMatchObject({ step: 'confirmation', contact, order, receipt, paidSecret: 'pi_1_secret_2', paymentError: null });
  });

  it('keeps what was typed when the guest goes back from the contact step', () => {
    const state = run([{ type: 'contact-opened' }, { type: 'tickets-reopened', contact }]);
    expect(state).toMatchObject({ step: 'tickets', contact });
  });

  it('marks a refused promo code, takes its percent off and returns to the tickets', () => {
    const state = run([
      { type: 'promo-changed', promo: { code: 'LIGHTS15', status: 'valid', percent: 15 } },
      { type: 'contact-opened' },
      { type: 'promo-refused', status: 'used-up' },
    ]);
    expect(state).toMatchObject({ step: 'tickets', promo: { code: 'LIGHTS15', status: 'used-up', percent: 0 } });
  });

  it('returns to the tickets with a notice when they changed', () => {
    const state = run([{ type: 'contact-opened' }, { type: 'tickets-changed', notice: 'Sold out' }]);
    expect(state).toMatchObject({ step: 'tickets', notice: 'Sold out' });
  });

  it('shows a contact error until the guest tries again', () => {
    const failed = run([{ type: 'contact-opened' }, { type: 'contact-failed', error: 'Failed to initialize payment. Please try again.' }]);
    expect(failed).toMatchObject({ step: 'contact', contactError: 'Failed to initialize payment. Please try again.' });
    expect(partyReducer(failed, { type: 'payment-requested', contact }).contactError).toBeNull();
  });

  it('shows a payment error until the payment is confirmed again', () => {
    const failed = run([
      { type: 'order-created', order },
      { type: 'payment-failed', error: 'Refunded' },
    ]);
    expect(failed).toMatchObject({ step: 'payment', paymentError: 'Refunded' });
    expect(partyReducer(failed, { type: 'payment-confirming' }).paymentError).toBeNull();
  });

  it('says on the tickets step why a payment confirmed on the way back from a redirect failed', () => {
    expect(partyReducer(INITIAL_PARTY_STATE, { type: 'payment-failed', error: 'Refunded' })).toMatchObject({
      step: 'tickets',
      notice: 'Refunded',
      paymentError: null,
    });
  });

  it('says so when the guest comes back without paying', () => {
    expect(partyReducer(INITIAL_PARTY_STATE, { type: 'payment-not-completed' })).toMatchObject({
      step: 'tickets',
      notice: 'Payment was not completed',
    });
  });

  it('never changes the state it is given', () => {
    const before = JSON.parse(JSON.stringify(INITIAL_PARTY_STATE)) as PartyState;
    run([
      { type: 'counts-changed', adultTickets: 1, childTickets: 0 },
      { type: 'contact-opened' },
      { type: 'paid', receipt, clientSecret: null },
    ]);
    expect(INITIAL_PARTY_STATE).toEqual(before);
  });
});
