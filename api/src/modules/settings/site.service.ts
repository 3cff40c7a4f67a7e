import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DEFAULT_SITE_CONFIG, siteConfigSchema, ticketAgeLabels, type SiteConfig } from '@festival/contracts';
import { HotRead } from '../../common/hot-read.js';
import { SettingsChanges } from './settings-changes.js';
import { MealSettingsService } from './meal-settings.service.js';
import { TicketSettingsService } from './ticket-settings.service.js';
import { SiteSettingEntity } from '../site/site-setting.entity.js';
import { SITE_KEY } from '../site/stored-site-config.js';
/** Browsers keep the configuration a minute, then revalidate it with its ETag. */
export const SITE_CACHE_CONTROL = 'public, max-age=60';

/** More of the party's details, from a module that owns them (the tickets module's ticket types). */
export type PartyDetails = () => Promise<Partial<SiteConfig['party']>>;

@Injectable()
export class SiteService implements OnApplicationBootstrap {
  /**
   * `GET /api/site`: re-read from the database at most once a second per replica. The party's
   * prices, ages, group discounts and tax rate are the Tickets settings' (docs/settings.md).
   */
  readonly answer = new HotRead<SiteConfig>(async () => ({ value: await this.read() }), SITE_CACHE_CONTROL);
  private readonly partyDetails: PartyDetails[] = [];

  constructor(
    @InjectRepository(SiteSettingEntity) private readonly settings: Repository<SiteSettingEntity>,
    private readonly ticketSettings: TicketSettingsService,
    changes: SettingsChanges,
    private readonly mealSettings: MealSettingsService,
  ) {
    changes.onChange(() => this.answer.invalidate());
  }

  /** Seeds the fictional defaults into a new database; an existing configuration is kept. */
  async onApplicationBootstrap(): Promise<void> {
    const existing = await this.settings.findOneBy({ key: SITE_KEY });
    if (!existing) {
      await this.settings
        .createQueryBuilder()
        .insert()
        .values({ key: SITE_KEY, value: JSON.stringify(DEFAULT_SITE_CONFIG) })
        .orIgnore()
        .execute();
    }
  }

  /** Adds details to the party's part of the answer; a module that owns them registers as it starts. */
  addPartyDetails(details: PartyDetails): void {
    this.partyDetails.push(details);
  }

  get(): Promise<SiteConfig> {
    return this.answer.value();
  }

  private async read(): Promise<SiteConfig> {
    const row = await this.settings.findOneBy({ key: SITE_KEY });
    const stored = row ? siteConfigSchema.parse(JSON.parse(row.value)) : DEFAULT_SITE_CONFIG;
    const tickets = await this.ticketSettings.tickets();
    const meals = await this.mealSettings.meals();
    const details = await Promise.all(this.partyDetails.map((read) => read()));
    return {
      ...stored,
      party: {
        ...stored.party,
        adultPriceCents: tickets.adultPriceCents,
        childPriceCents: tickets.childPriceCents,
        ...ticketAgeLabels(tickets),
        childMinAge: tickets.childMinAge,
        childMaxAge: tickets.childMaxAge,
        groupDiscountTiers: tickets.groupDiscountTiers,
        taxRateBasisPoints: tickets.taxRateBasisPoints,
        saleOpensAt: tickets.saleOpensAt,
        saleClosesAt: tickets.saleClosesAt,
        // Only while the season asks meals: without options the party page is as it always was.
        ...(meals.options.length > 0 ? { meals } : {}),
        ...Object.assign({}, ...details),
      },
    };
  }

  async update(config: SiteConfig): Promise<SiteConfig> {
    const valid = siteConfigSchema.parse(config);
    await this.settings.upsert({ key: SITE_KEY, value: JSON.stringify(valid), updatedAt: new Date() }, ['key']);
    this.answer.invalidate();
    return valid;
  }
}
