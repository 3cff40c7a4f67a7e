import { BadRequestException, ConflictException, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import {
  DEFAULT_TICKET_SETTINGS,
  formatCents,
  siteConfigSchema,
  ticketSettingsSchema,
  eventLabels,
  eventSettingsSchema,
  restaurantSettingsSchema,
  isoToZonedWallTime,
  partyDateOf,
  startEventRequestSchema,
  zonedWallTimeToIso,
  type AdminSettings,
  type FestivalEvent,
  type StartEventRequest,
  type EventSettings,
  type RestaurantSettings,
  type SiteConfig,
  type TicketSettings,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { HotRead } from '../../common/hot-read.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { SiteSettingEntity } from '../site/site-setting.entity.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PARTY_LOCK, ticketsTaken } from '../tickets/tickets-taken.js';
import { SettingEntity } from './setting.entity.js';
import { insertDefaultFeastPacks } from '../feast/feast-defaults.js';
import { FestivalEventEntity } from '../seasons/festival-event.entity.js';
import { SeasonsService, toFestivalEvent } from '../seasons/seasons.service.js';
import { SITE_KEY, storedSiteConfig } from '../site/stored-site-config.js';

/** The Event section as the site configuration holds it. */
const eventOf = ({ name, startsAt, endsAt, timeZone, venue, experience }: SiteConfig['party']): EventSettings => ({
  name,
  startsAt,
  endsAt,
  timeZone,
  venue,
  experience,
});

/** What a past event keeps of its settings (`events.snapshot`). */
interface EventSnapshot {
  party: SiteConfig['party'];
  tickets: TicketSettings;
}

/** The scope of the event on sale, until seasons give each event its own (docs/settings.md). */
export const CURRENT_EVENT_SCOPE = 'current-event';
const TICKETS = 'tickets';

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
/** Each field of the Tickets section in the manager's words, and its value as the log shows it. */
const FIELDS: { [K in keyof TicketSettings]: [label: string, format: (value: TicketSettings[K]) => string] } = {
  adultPriceCents: ['Adult price', formatCents],
  childPriceCents: ['Child price', formatCents],
  childMinAge: ['Youngest child age', String],
  childMaxAge: ['Oldest child age', String],
  capacity: ['Capacity', String],
  saleOpensAt: ['Sale opens', (value) => value ?? 'any time'],
  saleClosesAt: ['Sale closes', (value) => value ?? 'never'],
  groupDiscountTiers: [
    'Group discounts',
    (tiers) => (tiers.length === 0 ? 'none' : tiers.map((tier) => `${tier.minTickets}+ tickets ${tier.percent}%`).join(', ')),
  ],
  taxRateBasisPoints: ['Tax rate', percent],
  holdSeconds: ['Hold time', (seconds) => `${seconds} s`],
};

/** What a save changed, for the activity log: `Adult price $49.99 → $54.99; Capacity 200 → 210`. */
export function describeTicketChanges(before: TicketSettings, after: TicketSettings): string {
  const changes: string[] = [];
  for (const key of Object.keys(FIELDS) as (keyof TicketSettings)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    const [label, format] = FIELDS[key] as [string, (value: unknown) => string];
    changes.push(`${label} ${format(before[key])} → ${format(after[key])}`);
  }
  return changes.length > 0 ? changes.join('; ') : 'No change';
}

/** Labels of the Restaurant and Event sections' fields, for the activity log. */
const RESTAURANT_FIELDS: Record<keyof RestaurantSettings, string> = {
  name: 'Name',
  tagline: 'Tagline',
  since: 'Founding year',
  address: 'Address',
  phone: 'Phone',
  email: 'E-mail',
  openingHours: 'Opening hours',
};
const EVENT_FIELDS: Record<keyof EventSettings, string> = {
  name: 'Title',
  startsAt: 'Starts',
  endsAt: 'Ends',
  timeZone: 'Time zone',
  venue: 'Venue',
  experience: 'Description',
};

/** What a save of a text section changed: `Title Diwali DJ Night → Diwali DJ Night Encore; Venue changed`. */
export function describeChanges<T extends object>(labels: Record<keyof T, string>, before: T, after: T): string {
  const changes: string[] = [];
  for (const key of Object.keys(labels) as (keyof T)[]) {
    const [was, is] = [before[key], after[key]];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes.push(typeof is === 'object' ? `${labels[key]} changed` : `${labels[key]} ${String(was)} → ${String(is)}`);
  }
  return changes.length > 0 ? changes.join('; ') : 'No change';
}

/**
 * The settings the manager changes, one source of truth (docs/settings.md). `tickets()` is the one
 * read of the Tickets section for display and quotes (cached per replica for under a second);
 * decisions that hold tickets read it in their own transaction with `readTickets(manager)`.
 */
@Injectable()
export class SettingsService implements OnApplicationBootstrap {
  private readonly ticketsRead = new HotRead<TicketSettings>(
    async () => ({ value: await this.readTickets(this.settings.manager) }),
    'no-store',
  );
  private readonly changeListeners: (() => void)[] = [];

  constructor(
    @InjectRepository(SettingEntity) private readonly settings: Repository<SettingEntity>,
    @InjectRepository(SiteSettingEntity) private readonly siteSettings: Repository<SiteSettingEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly seasons: SeasonsService,
  ) {}

  /** Fills a missing Tickets section from the environment, once (replicas starting together insert it once). */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.settings.existsBy({ scope: CURRENT_EVENT_SCOPE, section: TICKETS })) return;
    const initial = await this.initialTickets();
    await this.settings
      .createQueryBuilder()
      .insert()
      .values({ scope: CURRENT_EVENT_SCOPE, section: TICKETS, value: JSON.stringify(initial), version: 1, updatedAt: new Date() })
      .orIgnore()
      .execute();
  }

  /**
   * What a database without settings starts with: the capacity and hold time of the environment
   * (`TICKET_CAPACITY`, `TICKET_HOLD_SECONDS`), the prices the site configuration row held until
   * now, the rest as it was in code.
   */
  private async initialTickets(): Promise<TicketSettings> {
    const party = await this.storedParty();
    return ticketSettingsSchema.parse({
      ...DEFAULT_TICKET_SETTINGS,
      adultPriceCents: party.adultPriceCents,
      childPriceCents: party.childPriceCents,
      capacity: this.config.ticketCapacity,
      holdSeconds: this.config.ticketHoldSeconds,
    });
  }

  /** The site configuration row (the defaults without one), read with `manager`. */
  private storedSite(manager: EntityManager = this.siteSettings.manager): Promise<SiteConfig> {
    return storedSiteConfig(manager);
  }

  private async storedParty(): Promise<SiteConfig['party']> {
    return (await this.storedSite()).party;
  }

  /** The Tickets section, from this replica's cache (at most a second old; a save here drops it). */
  tickets(): Promise<TicketSettings> {
    return this.ticketsRead.value();
  }

  /** The Tickets section read with `manager` (inside a transaction: as of that transaction). */
  async readTickets(manager: EntityManager): Promise<TicketSettings> {
    const row = await manager.findOneBy(SettingEntity, { scope: CURRENT_EVENT_SCOPE, section: TICKETS });
    return row ? ticketSettingsSchema.parse(JSON.parse(row.value)) : this.initialTickets();
  }

  /**
   * The Tickets section an event was sold with, read with `manager`: the current one for the
   * event on sale, the one kept when it ended for a past event.
   */
  async readTicketsOf(manager: EntityManager, eventId: number): Promise<TicketSettings> {
    const event = await manager.findOneBy(FestivalEventEntity, { id: eventId });
    if (event?.status === 'past' && event.snapshot)
      return ticketSettingsSchema.parse((JSON.parse(event.snapshot) as EventSnapshot).tickets);
    return this.readTickets(manager);
  }

  /**
   * `Start next event`: under the party lock, the event on sale becomes past (keeping its site
   * configuration and Tickets section as they are now, for its read-only views), and a new one
   * goes on sale with the same settings, the title and date given, the same hours on that date
   * and no sale window. Its tickets start at 0 sold: every count is per event.
   */
  async startNextEvent(input: StartEventRequest, actor: StaffActor): Promise<FestivalEvent> {
    const { name, date } = startEventRequestSchema.parse(input);
    const started = await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const now = new Date();
      const current = await manager.findOneByOrFail(FestivalEventEntity, { status: 'on-sale' });
      if (date <= current.date) {
        throw new BadRequestException(`date: The next event must come after ${current.name} on ${current.date}`);
      }
      const site = await this.storedSite(manager);
      const tickets = await this.readTickets(manager);
      const snapshot: EventSnapshot = { party: site.party, tickets };
      await manager.update(FestivalEventEntity, { id: current.id }, { status: 'past', snapshot: JSON.stringify(snapshot) });
      const event = manager.create(FestivalEventEntity, { name, date, status: 'on-sale', createdAt: now, snapshot: null });
      await manager.insert(FestivalEventEntity, event);
      await insertDefaultFeastPacks(manager, event.id);

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
      const nextTickets = { ...tickets, saleOpensAt: null, saleClosesAt: null };
      await manager.update(
        SettingEntity,
        { scope: CURRENT_EVENT_SCOPE, section: TICKETS },
        { value: JSON.stringify(nextTickets), updatedAt: now },
      );
      await this.activity.record(
        manager,
        actor,
        { action: 'event.start', object: name, detail: `On sale for ${date}; ${current.name} (${current.date}) is now past` },
        now,
      );
      return event;
    });
    this.seasons.invalidate();
    this.ticketsRead.invalidate();
    for (const listener of this.changeListeners) listener();
    return toFestivalEvent(started);
  }

  /** Runs `listener` after every committed save on this replica (caches built on the settings drop theirs). */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** `GET /api/admin/settings`. */
  async adminView(): Promise<AdminSettings> {
    const manager = this.settings.manager;
    const site = await this.storedSite(manager);
    return {
      restaurant: site.restaurant,
      event: eventOf(site.party),
      tickets: await this.readTickets(manager),
      ticketsSoldOrHeld: await ticketsTaken(manager, await this.seasons.readCurrentId(manager), new Date()),
      timeZone: site.party.timeZone,
    };
  }

  /**
   * Saves the Tickets section under the party lock, so no hold lands between the count of the
   * tickets sold or held and the new capacity: a capacity below that count is refused. The
   * activity-log entry is written in the same transaction.
   */
  async updateTickets(input: TicketSettings, actor: StaffActor): Promise<TicketSettings> {
    const next = ticketSettingsSchema.parse(input);
    const saved = await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const now = new Date();
      const row = await manager.findOneBy(SettingEntity, { scope: CURRENT_EVENT_SCOPE, section: TICKETS });
      const previous = row ? ticketSettingsSchema.parse(JSON.parse(row.value)) : await this.initialTickets();
      const taken = await ticketsTaken(manager, await this.seasons.readCurrentId(manager), now);
      if (next.capacity < taken) {
        throw new ConflictException(`Capacity cannot be below the ${taken} ${taken === 1 ? 'ticket' : 'tickets'} already sold or held`);
      }
      const value = JSON.stringify(next);
      if (row) {
        await manager.update(
          SettingEntity,
          { scope: CURRENT_EVENT_SCOPE, section: TICKETS },
          { value, version: row.version + 1, updatedAt: now },
        );
      } else {
        await manager.insert(SettingEntity, { scope: CURRENT_EVENT_SCOPE, section: TICKETS, value, version: 1, updatedAt: now });
      }
      await this.activity.record(
        manager,
        actor,
        { action: 'settings.change', object: 'Tickets', detail: describeTicketChanges(previous, next) },
        now,
      );
      return next;
    });
    this.ticketsRead.invalidate();
    for (const listener of this.changeListeners) listener();
    return saved;
  }

  /** Saves the Restaurant section into the site configuration (with its activity-log entry). */
  async updateRestaurant(input: RestaurantSettings, actor: StaffActor): Promise<RestaurantSettings> {
    const next = restaurantSettingsSchema.parse(input);
    await this.updateSite(actor, 'Restaurant', (site) => {
      const detail = describeChanges(RESTAURANT_FIELDS, site.restaurant, next);
      return { site: { ...site, restaurant: next }, detail };
    });
    return next;
  }

  /** Saves the Event section into the site configuration, its date and time lines made from it. */
  async updateEvent(input: EventSettings, actor: StaffActor): Promise<EventSettings> {
    const next = eventSettingsSchema.parse(input);
    await this.updateSite(
      actor,
      'Event',
      (site) => {
        const detail = describeChanges(EVENT_FIELDS, eventOf(site.party), next);
        return { site: { ...site, party: { ...site.party, ...next, ...eventLabels(next) } }, detail };
      },
      // The event on sale is listed under its title and date.
      (manager) => manager.update(FestivalEventEntity, { status: 'on-sale' }, { name: next.name, date: partyDateOf(next) }),
    );
    return next;
  }

  /**
   * One read-change-write of the site configuration row, with the activity-log entry, in one
   * transaction under the party lock (two sections saved at once never lose either change).
   */
  private async updateSite(
    actor: StaffActor,
    section: string,
    change: (site: SiteConfig) => { site: SiteConfig; detail: string },
    alsoWrite?: (manager: EntityManager) => Promise<unknown>,
  ) {
    await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const now = new Date();
      const { site, detail } = change(await this.storedSite(manager));
      const value = JSON.stringify(siteConfigSchema.parse(site));
      await manager.upsert(SiteSettingEntity, { key: SITE_KEY, value, updatedAt: now }, ['key']);
      await alsoWrite?.(manager);
      await this.activity.record(manager, actor, { action: 'settings.change', object: section, detail }, now);
    });
    for (const listener of this.changeListeners) listener();
  }
}
