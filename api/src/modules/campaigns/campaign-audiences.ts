import { Injectable } from '@nestjs/common';
import type { GuestAudience } from '@festival/contracts';
import { FeastOrdersListService } from '../feast/feast-orders-list.service.js';
import { ConsentRecords } from '../privacy/consent-records.service.js';
import { Suppressions } from '../privacy/suppressions.service.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { TicketReportsService } from '../tickets/ticket-reports.service.js';

/** An audience now: the addresses to mail, and the members on the suppression list. */
export interface AudienceMembers {
  mailable: string[];
  suppressed: string[];
}

/**
 * The product's own guests a campaign can go to (docs/privacy.md, "Campaign audiences and the
 * suppression list"). An address belongs to an audience when it agreed to news (a consent
 * record with `agreed`, whatever it answered later); it is mailed only when it is not on the
 * suppression list, checked in code so that an erased guest's hashed row is found too.
 */
@Injectable()
export class CampaignAudiences {
  constructor(
    private readonly consent: ConsentRecords,
    private readonly suppressions: Suppressions,
    private readonly seasons: SeasonsService,
    private readonly tickets: TicketReportsService,
    private readonly feast: FeastOrdersListService,
  ) {}

  /** The audience's addresses now, lower-cased, once each, in alphabetical order. */
  async members(audience: GuestAudience): Promise<AudienceMembers> {
    const [agreed, list, buyers] = await Promise.all([this.consent.agreedAddresses(), this.suppressions.list(), this.buyers(audience)]);
    const members = agreed.filter((email) => buyers === null || buyers.has(email));
    return {
      mailable: members.filter((email) => list.reasonFor(email) === null),
      suppressed: members.filter((email) => list.reasonFor(email) !== null),
    };
  }

  /** The season on sale's paid buyers the audience is narrowed to, or null for everyone who agreed. */
  private async buyers(audience: GuestAudience): Promise<Set<string> | null> {
    if (audience === 'agreed') return null;
    const season = (await this.seasons.resolve(undefined)).id;
    const emails = audience === 'ticket-buyers' ? await this.tickets.paidBuyerEmails(season) : await this.feast.paidBuyerEmails(season);
    return new Set(emails);
  }
}
