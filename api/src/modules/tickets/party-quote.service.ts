import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { priceParty, type PartyQuote, type PartyQuoteRequest, type TicketSettings } from '@festival/contracts';
import { SeasonsService } from '../seasons/seasons.service.js';
import { SiteService } from '../settings/site.service.js';
import { PromoCodesService, type PromoCheck } from './promo-codes.service.js';
import { TicketSettingsService } from '../settings/ticket-settings.service.js';
import { selectTickets, type TicketSelection } from './ticket-types/ticket-selection.js';
import { TicketTypesService } from './ticket-types/ticket-types.service.js';

/** What is priced: adult and child counts (at the Tickets section's prices, unless given) and lines of other types. */
export type PricedTickets = Pick<TicketSelection, 'adultTickets' | 'childTickets'> &
  Partial<Pick<TicketSelection, 'adultPriceCents' | 'childPriceCents' | 'lines'>>;

/** The price of a ticket selection at the Tickets settings' prices, with its promo code checked. */
@Injectable()
export class PartyQuoteService {
  constructor(
    private readonly settings: TicketSettingsService,
    private readonly promoCodes: PromoCodesService,
    private readonly types: TicketTypesService,
    private readonly seasons: SeasonsService,
    private readonly site: SiteService,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * `POST /api/party-quote`: the quote at the settings as this replica has them cached (at most
   * a second old), each type at its price now (docs/ticket-types.md), the promo code checked
   * against its paid orders so far; a valid code takes its own percent off.
   */
  async quote(request: PartyQuoteRequest): Promise<PartyQuote> {
    const manager = this.dataSource.manager;
    const [settings, promo, eventId, site] = await Promise.all([
      this.settings.tickets(),
      this.promoCodes.check(request.promoCode),
      this.seasons.readCurrentId(manager),
      this.site.get(),
    ]);
    const types = await this.types.typesOf(manager, eventId);
    const selection = await selectTickets(manager, eventId, types, request, settings, new Date(), site.party.timeZone);
    return this.price(selection, settings, promo);
  }

  /** The price at `tickets` with `promo` (both read by the caller, the payment intent in its transaction). */
  price(request: PricedTickets, tickets: TicketSettings, promo: PromoCheck): PartyQuote {
    const price = priceParty({
      adultTickets: request.adultTickets,
      childTickets: request.childTickets,
      adultPriceCents: request.adultPriceCents ?? tickets.adultPriceCents,
      childPriceCents: request.childPriceCents ?? tickets.childPriceCents,
      promoPercent: promo.status === 'valid' ? promo.percentOff : 0,
      groupDiscountTiers: tickets.groupDiscountTiers,
      taxRateBasisPoints: tickets.taxRateBasisPoints,
      extraLines: request.lines,
    });
    return { ...price, promoCodeStatus: promo.status };
  }
}
