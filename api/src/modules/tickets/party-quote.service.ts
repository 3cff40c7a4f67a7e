import { Inject, Injectable } from '@nestjs/common';
import { priceParty, type PartyQuote, type PartyQuoteRequest, type PromoCodeStatus } from '@festival/contracts';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { SiteService } from '../site/site.service.js';

/** The price of a ticket selection at the configured prices, with its promo code checked. */
@Injectable()
export class PartyQuoteService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly site: SiteService,
  ) {}

  promoStatus(code: string | undefined): PromoCodeStatus {
    const normalized = code?.trim().toUpperCase() ?? '';
    if (normalized === '') return 'none';
    return this.config.promoCodes.includes(normalized) ? 'valid' : 'invalid';
  }

  async quote(request: PartyQuoteRequest): Promise<PartyQuote> {
    const { party } = await this.site.get();
    const promoCodeStatus = this.promoStatus(request.promoCode);
    const price = priceParty({
      adultTickets: request.adultTickets,
      childTickets: request.childTickets,
      adultPriceCents: party.adultPriceCents,
      childPriceCents: party.childPriceCents,
      promoApplied: promoCodeStatus === 'valid',
    });
    return { ...price, promoCodeStatus };
  }
}
