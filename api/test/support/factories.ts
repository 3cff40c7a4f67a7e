import { priceParty, PROMO_DISCOUNT_PERCENT, type PartyOrderRequest } from '@festival/contracts';

/**
 * A valid party order request priced at the default ticket prices; override any field. With a
 * `promoCode` it is priced at `promoPercent` off (5 %, what a code of PROMO_CODES takes), unless
 * `promoApplied` is false.
 */
export function createPartyOrderRequest(
  overrides: Partial<PartyOrderRequest> & { promoApplied?: boolean; promoPercent?: number } = {},
): PartyOrderRequest {
  const { promoApplied = Boolean(overrides.promoCode), promoPercent = PROMO_DISCOUNT_PERCENT, ...fields } = overrides;
  const adultTickets = fields.adultTickets ?? 2;
  const childTickets = fields.childTickets ?? 1;
  const price = priceParty({
    adultTickets,
    childTickets,
    adultPriceCents: 4999,
    childPriceCents: 2999,
    promoPercent: promoApplied ? promoPercent : 0,
  });
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
