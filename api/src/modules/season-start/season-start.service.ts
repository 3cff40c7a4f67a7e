import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import {
  eventLabels,
  isoToZonedWallTime,
  siteConfigSchema,
  startSeasonRequestSchema,
  zonedWallTimeToIso,
  type Season,
  type SiteConfig,
  type StartSeasonRequest,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { insertDefaultFeastPacks } from '../feast/feast-defaults.js';
import { carryTicketTypes } from '../tickets/ticket-types/carry-ticket-types.js';
import { holdSettingsLockToo } from '../settings/settings.service.js';
import { MealSettingsService } from '../settings/meal-settings.service.js';
import { TicketSettingsService } from '../settings/ticket-settings.service.js';
import { SiteSettingEntity } from '../site/site-setting.entity.js';
import { SITE_KEY, storedSiteConfig } from '../site/stored-site-config.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PARTY_LOCK } from '../settings/party-lock.js';
import { SeasonEntity, type SeasonSnapshot } from '../seasons/season.entity.js';
import { SeasonsService, toSeason } from '../seasons/seasons.service.js';
import { KeptCardsService } from '../kept-cards/kept-cards.service.js';

/**
 * The 409 of `Start next event` before the party on sale has ended: its end in its time zone
 * (`Diwali DJ Night runs until 11:00 PM on Saturday, October 24, 2026; start the next event after it ends`).
 */
export function partyNotOverRefusal({ name, endsAt, timeZone }: Pick<SiteConfig['party'], 'name' | 'endsAt' | 'timeZone'>): string {
  const end = new Date(endsAt);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(end);
  const date = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(end);
  return `${name} runs until ${time} on ${date}; start the next event after it ends`;
}

/**
 * `Start next event` (docs/settings.md, Seasons): the one write that spans the event on sale,
 * the site configuration, the Tickets section, the ticket types and the feast packs.
 */
@Injectable()
export class SeasonStartService {
  constructor(
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly seasons: SeasonsService,
    private readonly ticketSettings: TicketSettingsService,
    private readonly mealSettings: MealSettingsService,
    private readonly keptCards: KeptCardsService,
  ) {}

  /**
   * Under the party lock (and the settings lock, as it rewrites the site configuration), the
   * event on sale becomes past (keeping its site configuration and Tickets section as they are
   * now, for its read-only views), and a new one goes on sale with the same settings, the title
   * and date given, the same hours on that date and no sale window. Its tickets start at 0 sold:
   * every count is per event. Refused unless `closingSeasonName` is the event on sale's name as it
   * is (400), and until its party has ended (409): its tickets stop working at the door at once.
   */
  async startNextSeason(input: StartSeasonRequest, actor: StaffActor): Promise<Season> {
    const { name, date, closingSeasonName } = startSeasonRequestSchema.parse(input);
    const started = await this.exclusive.run(PARTY_LOCK, async (manager) => {
      await holdSettingsLockToo(manager);
      const now = new Date();
      const current = await manager.findOneByOrFail(SeasonEntity, { status: 'on-sale' });
      if (closingSeasonName !== current.name) {
        throw new BadRequestException(`closingSeasonName: Type the name of the event that ends exactly as it is: ${current.name}`);
      }
      if (date <= current.date) {
        throw new BadRequestException(`date: The next event must come after ${current.name} on ${current.date}`);
      }
      const site = await storedSiteConfig(manager);
      if (now.getTime() < Date.parse(site.party.endsAt)) throw new ConflictException(partyNotOverRefusal(site.party));
      const tickets = await this.ticketSettings.readTickets(manager);
      const meals = await this.mealSettings.readMeals(manager);
      const snapshot: SeasonSnapshot = { party: site.party, tickets, meals };
      await manager.update(SeasonEntity, { id: current.id }, { status: 'past', snapshot: JSON.stringify(snapshot) });
      const event = manager.create(SeasonEntity, { name, date, status: 'on-sale', createdAt: now, snapshot: null });
      await manager.insert(SeasonEntity, event);
      await insertDefaultFeastPacks(manager, event.id);
      await carryTicketTypes(manager, current.id, event.id);

      const { timeZone } = site.party;
      const startsAt = zonedWallTimeToIso(`${date}T${isoToZonedWallTime(site.party.startsAt, timeZone).slice(11, 16)}`, timeZone)!;
      const length = Date.parse(site.party.endsAt) - Date.parse(site.party.startsAt);
      const endsAt = isoToZonedWallTime(new Date(Date.parse(startsAt) + length).toISOString(), timeZone);
      const times = { startsAt, endsAt: zonedWallTimeToIso(endsAt, timeZone)! };
      const party = { ...site.party, name, ...times, ...eventLabels({ ...times, timeZone }) };
      await manager.upsert(
        SiteSettingEntity,
        { key: SITE_KEY, value: JSON.stringify(siteConfigSchema.parse({ ...site, party })), updatedAt: now },
        ['key'],
      );
      await this.ticketSettings.carryIntoNextSeason(manager, tickets, now);
      await this.mealSettings.carryIntoNextSeason(manager, meals, now);
      await this.activity.record(
        manager,
        actor,
        { action: 'event.start', object: name, detail: `On sale for ${date}; ${current.name} (${current.date}) is now past` },
        now,
      );
      return { event, ended: current.id };
    });
    this.seasons.invalidate();
    this.ticketSettings.changed();
    // The party is over: every card kept for its drinks is forgotten at the gateway.
    await this.keptCards.forgetSeason(started.ended);
    return toSeason(started.event);
  }
}
