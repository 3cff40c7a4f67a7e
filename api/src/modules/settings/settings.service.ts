import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import {
  siteConfigSchema,
  eventLabels,
  eventSettingsSchema,
  restaurantSettingsSchema,
  partyDateOf,
  type AdminSettings,
  type EventSettings,
  type RestaurantSettings,
  type SiteConfig,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { SeasonEntity } from '../seasons/season.entity.js';
import { SiteSettingEntity } from '../site/site-setting.entity.js';
import { SITE_KEY, storedSiteConfig } from '../site/stored-site-config.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { SettingsChanges } from './settings-changes.js';
import { TicketSettingsService } from './ticket-settings.service.js';

/**
 * The lock of the site configuration's writes (the Restaurant and Event sections). No hold reads
 * those sections, so their saves need not queue behind ticket holds and payments; the Tickets
 * section, which every hold reads, is saved under PARTY_LOCK instead (TicketSettingsService).
 */
export const SETTINGS_LOCK = 'settings';

/**
 * Takes SETTINGS_LOCK as well, inside a transaction that already holds another lock and also
 * rewrites the site configuration (the season start, under PARTY_LOCK), so neither that write
 * nor a section saved meanwhile is lost. Only this order (the other lock, then this one) is
 * ever taken, so the two cannot deadlock. On SQLite every exclusive transaction already runs
 * alone (see ExclusiveSection).
 */
export async function holdSettingsLockToo(manager: EntityManager): Promise<void> {
  const type = manager.connection.options.type;
  if (type !== 'mysql' && type !== 'mariadb') return;
  const locked = (await manager.query('SELECT name FROM app_locks WHERE name = ? FOR UPDATE', [SETTINGS_LOCK])) as unknown[];
  if (locked.length === 0) throw new Error(`Unknown lock ${SETTINGS_LOCK}`);
}

/** The Event section as the site configuration holds it. */
const eventOf = ({ name, startsAt, endsAt, timeZone, venue, experience }: SiteConfig['party']): EventSettings => ({
  name,
  startsAt,
  endsAt,
  timeZone,
  venue,
  experience,
});

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
 * The settings the manager changes, one source of truth (docs/settings.md): the settings page's
 * view, and the Restaurant and Event sections kept in the site configuration. The Tickets section
 * is TicketSettingsService's; the start of the next event is SeasonStartService's (season-start/).
 */
@Injectable()
export class SettingsService {
  constructor(
    @InjectRepository(SiteSettingEntity) private readonly siteSettings: Repository<SiteSettingEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly ticketSettings: TicketSettingsService,
    private readonly changes: SettingsChanges,
  ) {}

  /** `GET /api/admin/settings`. */
  async adminView(): Promise<AdminSettings> {
    const manager = this.siteSettings.manager;
    const site = await storedSiteConfig(manager);
    return {
      restaurant: site.restaurant,
      event: eventOf(site.party),
      tickets: await this.ticketSettings.readTickets(manager),
      ticketsSoldOrHeld: await this.ticketSettings.taken(manager, new Date()),
      timeZone: site.party.timeZone,
    };
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
      (manager) => manager.update(SeasonEntity, { status: 'on-sale' }, { name: next.name, date: partyDateOf(next) }),
    );
    return next;
  }

  /**
   * One read-change-write of the site configuration row, with the activity-log entry, in one
   * transaction under SETTINGS_LOCK (two sections saved at once never lose either change).
   */
  private async updateSite(
    actor: StaffActor,
    section: string,
    change: (site: SiteConfig) => { site: SiteConfig; detail: string },
    alsoWrite?: (manager: EntityManager) => Promise<unknown>,
  ) {
    await this.exclusive.run(SETTINGS_LOCK, async (manager) => {
      const now = new Date();
      const { site, detail } = change(await storedSiteConfig(manager));
      const value = JSON.stringify(siteConfigSchema.parse(site));
      await manager.upsert(SiteSettingEntity, { key: SITE_KEY, value, updatedAt: now }, ['key']);
      await alsoWrite?.(manager);
      await this.activity.record(manager, actor, { action: 'settings.change', object: section, detail }, now);
    });
    this.changes.notify();
  }
}
