import { Inject, Injectable } from '@nestjs/common';
import { priceParty, type PartyQuote, type PartyQuoteRequest, type PromoCodeStatus, type TicketSettings } from '@festival/contracts';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { SettingsService } from '../settings/settings.service.js';

/** The price of a ticket selection at the Tickets settings' prices, with its promo code checked. */
@Injectable()
export class PartyQuoteService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsService,
  ) {}

  promoStatus(code: string | undefined): PromoCodeStatus {
    const normalized = code?.trim().toUpperCase() ?? '';
    if (normalized === '') return 'none';
    return this.config.promoCodes.includes(normalized) ? 'valid' : 'invalid';
  }

  /**
   * The quote at `tickets` (read by the caller in its transaction), or at the settings as this
   * replica has them cached (at most a second old).
   */
  async quote(request: PartyQuoteRequest, tickets?: TicketSettings): Promise<PartyQuote> {
    const settings = tickets ?? (await this.settings.tickets());
    const promoCodeStatus = this.promoStatus(request.promoCode);
    const price = priceParty({
      adultTickets: request.adultTickets,
      childTickets: request.childTickets,
      adultPriceCents: settings.adultPriceCents,
      childPriceCents: settings.childPriceCents,
      promoApplied: promoCodeStatus === 'valid',
      groupDiscountTiers: settings.groupDiscountTiers,
      taxRateBasisPoints: settings.taxRateBasisPoints,
    });
    return { ...price, promoCodeStatus };
  }
}
