import { expect, type APIRequestContext } from '@playwright/test';

/** The simulated gateway's card that pays. */
export const PAYING_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

export interface PartyBuyer {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  adultTickets: number;
  childTickets: number;
  /** The visitor's analytics session, as the party page passes it: credits the purchase to the visit's source. */
  sessionId?: string;
  /** The news box, ticked or not (left out: not sent, as an unticked box). */
  newsConsent?: boolean;
}

/**
 * A guest buys party tickets through the API as the party page does (quote, hold, the simulated
 * card, confirmation) and the order is paid; returns its id. `api` should be a browser's own:
 * a browser's next hold releases its last one.
 */
export async function buyPartyTickets(api: APIRequestContext, buyer: PartyBuyer): Promise<string> {
  const quote = (await (
    await api.post('/api/party-quote', { data: { adultTickets: buyer.adultTickets, childTickets: buyer.childTickets } })
  ).json()) as {
    totalCents: number;
  };
  const hold = await api.post('/api/party-payment-intent', { data: { ...buyer, totalAmount: quote.totalCents } });
  expect(hold.status()).toBe(200);
  const { orderId, clientSecret } = (await hold.json()) as { orderId: string; clientSecret: string };
  const paid = await api.post('/api/payments/simulated/confirm', { data: { clientSecret, ...PAYING_CARD } });
  expect(paid.ok()).toBe(true);
  const confirmed = await api.post('/api/confirm-payment', {
    data: { paymentIntentId: ((await paid.json()) as { id: string }).id, type: 'party_ticket' },
  });
  expect(confirmed.ok()).toBe(true);
  expect(((await confirmed.json()) as { status: string }).status).toBe('paid');
  return orderId;
}
