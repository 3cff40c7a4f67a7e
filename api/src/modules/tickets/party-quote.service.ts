import { Injectable } from '@nestjs/common';
import { priceParty, type PartyQuote, type PartyQuoteRequest, type TicketSettings } from '@festival/contracts';
import { PromoCodesService, type PromoCheck } from './promo-codes.service.js';
import { TicketSettingsService } from '../settings/ticket-settings.service.js';

/** The price of a ticket selection at the Tickets settings' prices, with its promo code checked. */
@Injectable()
export class PartyQuoteService {
  constructor(
    private readonly settings: TicketSettingsService,
    private readonly promoCodes: PromoCodesService,
  ) {}

  /**
   * `POST /api/party-quote`: the quote at the settings as this replica has them cached (at most
   * a second old), the promo code checked against its paid orders so far; a valid code takes
   * its own percent off.
   */
  async quote(request: PartyQuoteRequest): Promise<PartyQuote> {
    const [settings, promo] = await Promise.all([this.settings.tickets(), this.promoCodes.check(request.promoCode)]);
    return this.price(request, settings, promo);
  }

  /** The price at `tickets` with `promo` (both read by the caller, the payment intent in its transaction). */
  price(request: Pick<PartyQuoteRequest, 'adultTickets' | 'childTickets'>, tickets: TicketSettings, promo: PromoCheck): PartyQuote {
    const price = priceParty({
      adultTickets: request.adultTickets,
      childTickets: request.childTickets,
      adultPriceCents: tickets.adultPriceCents,
      childPriceCents: tickets.childPriceCents,
      promoPercent: promo.status === 'valid' ? promo.percentOff : 0,
      groupDiscountTiers: tickets.groupDiscountTiers,
      taxRateBasisPoints: tickets.taxRateBasisPoints,
    });
    return { ...price, promoCodeStatus: promo.status };
  }
}
