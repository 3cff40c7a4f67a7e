import { priceParty, type PartyOrderRequest } from '@festival/contracts';

/** A valid party order request priced at the default ticket prices; override any field. */
export function createPartyOrderRequest(overrides: Partial<PartyOrderRequest> & { promoApplied?: boolean } = {}): PartyOrderRequest {
  const { promoApplied = Boolean(overrides.promoCode), ...fields } = overrides;
  const adultTickets = fields.adultTickets ?? 2;
  const childTickets = fields.childTickets ?? 1;
  const price = priceParty({ adultTickets, childTickets, adultPriceCents: 4999, childPriceCents: 2999, promoApplied });
  return {
    customerName: 'Asha Raman',
    customerEmail: 'asha.raman@example.com',
    customerPhone: '(408) 555-0101',
    adultTickets,
    childTickets,
    totalAmount: price.totalCents,
    ...fields,
  };
}
