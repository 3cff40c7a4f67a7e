import { ConflictException, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { DEFAULT_TICKET_SETTINGS, formatCents, ticketSettingsSchema, type TicketSettings } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { HotRead } from '../../common/hot-read.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { SeasonEntity, type SeasonSnapshot } from '../seasons/season.entity.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { storedSiteConfig } from '../site/stored-site-config.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PARTY_LOCK } from './party-lock.js';
import { SettingsChanges } from './settings-changes.js';
import { SettingEntity } from './setting.entity.js';

/** The scope of the event on sale, until seasons give each event its own (docs/settings.md). */
export const CURRENT_EVENT_SCOPE = 'current-event';
const TICKETS = 'tickets';
const TICKETS_ROW = { scope: CURRENT_EVENT_SCOPE, section: TICKETS };

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
  waitlistOfferHours: ['Waitlist offer hours', (hours) => `${hours} h`],
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

/**
 * The Tickets section (prices, capacity, sale window, hold time; docs/settings.md). `tickets()`
 * is the one read for display and quotes (cached per replica for under a second); decisions that
 * hold tickets read it in their own transaction under PARTY_LOCK with `readTickets(manager)`.
 */
/** Counts a season's tickets sold or held at `now`, read with `manager` (under PARTY_LOCK to act on it). */
export type TicketsTakenCounter = (manager: EntityManager, eventId: number, now: Date) => Promise<number>;

@Injectable()
export class TicketSettingsService implements OnApplicationBootstrap {
  /** The orders are the tickets module's: it tells how to count them (`countTakenWith`) as it starts. */
  private takenCounter?: TicketsTakenCounter;

  private readonly ticketsRead = new HotRead<TicketSettings>(
    async () => ({ value: await this.readTickets(this.settings.manager) }),
    'no-store',
  );

  constructor(
    @InjectRepository(SettingEntity) private readonly settings: Repository<SettingEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly seasons: SeasonsService,
    private readonly changes: SettingsChanges,
  ) {}

  /** The tickets module's count of tickets sold or held, which a capacity may not go below. */
  countTakenWith(counter: TicketsTakenCounter): void {
    this.takenCounter = counter;
  }

  /** The current season's tickets sold or held at `now`, read with `manager`. */
  async taken(manager: EntityManager, now: Date): Promise<number> {
    if (!this.takenCounter) throw new Error('The tickets module has not told how to count the tickets taken');
    return this.takenCounter(manager, await this.seasons.readCurrentId(manager), now);
  }

  /** Fills a missing Tickets section from the environment, once (replicas starting together insert it once). */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.settings.existsBy(TICKETS_ROW)) return;
    const initial = await this.initialTickets();
    await this.settings
      .createQueryBuilder()
      .insert()
      .values({ ...TICKETS_ROW, value: JSON.stringify(initial), version: 1, updatedAt: new Date() })
      .orIgnore()
      .execute();
  }

  /**
   * What a database without settings starts with: the capacity and hold time of the environment
   * (`TICKET_CAPACITY`, `TICKET_HOLD_SECONDS`), the prices the site configuration row held until
   * now, the rest as it was in code.
   */
  private async initialTickets(): Promise<TicketSettings> {
    const { party } = await storedSiteConfig(this.settings.manager);
    return ticketSettingsSchema.parse({
      ...DEFAULT_TICKET_SETTINGS,
      adultPriceCents: party.adultPriceCents,
      childPriceCents: party.childPriceCents,
      capacity: this.config.ticketCapacity,
      holdSeconds: this.config.ticketHoldSeconds,
    });
  }

  /** The Tickets section, from this replica's cache (at most a second old; a save here drops it). */
  tickets(): Promise<TicketSettings> {
    return this.ticketsRead.value();
  }

  /** The Tickets section read with `manager` (inside a transaction: as of that transaction). */
  async readTickets(manager: EntityManager): Promise<TicketSettings> {
    const row = await manager.findOneBy(SettingEntity, TICKETS_ROW);
    return row ? ticketSettingsSchema.parse(JSON.parse(row.value)) : this.initialTickets();
  }

  /**
   * The Tickets section an event was sold with, read with `manager`: the current one for the
   * event on sale, the one kept when it ended for a past event.
   */
  async readTicketsOf(manager: EntityManager, eventId: number): Promise<TicketSettings> {
    const event = await manager.findOneBy(SeasonEntity, { id: eventId });
    if (event?.status === 'past' && event.snapshot)
      return ticketSettingsSchema.parse((JSON.parse(event.snapshot) as SeasonSnapshot).tickets);
    return this.readTickets(manager);
  }

  /**
   * Saves the Tickets section under the party lock, so no hold lands between the count of the
   * tickets sold or held and the new capacity: a capacity below that count is refused. The
   * activity-log entry is written in the same transaction.
   */
  async update(input: TicketSettings, actor: StaffActor): Promise<TicketSettings> {
    const next = ticketSettingsSchema.parse(input);
    const saved = await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const now = new Date();
      const row = await manager.findOneBy(SettingEntity, TICKETS_ROW);
      const previous = row ? ticketSettingsSchema.parse(JSON.parse(row.value)) : await this.initialTickets();
      const taken = await this.taken(manager, now);
      if (next.capacity < taken) {
        throw new ConflictException(`Capacity cannot be below the ${taken} ${taken === 1 ? 'ticket' : 'tickets'} already sold or held`);
      }
      const value = JSON.stringify(next);
      if (row) {
        await manager.update(SettingEntity, TICKETS_ROW, { value, version: row.version + 1, updatedAt: now });
      } else {
        await manager.insert(SettingEntity, { ...TICKETS_ROW, value, version: 1, updatedAt: now });
      }
      await this.activity.record(
        manager,
        actor,
        { action: 'settings.change', object: 'Tickets', detail: describeTicketChanges(previous, next) },
        now,
      );
      return next;
    });
    this.changed();
    return saved;
  }

  /**
   * Writes the Tickets section inside the caller's transaction under PARTY_LOCK (the ticket
   * types' save sets the adult and child prices here); the caller logs it and calls `changed()`
   * once that transaction has committed.
   */
  async writeTickets(manager: EntityManager, tickets: TicketSettings, now: Date): Promise<void> {
    const row = await manager.findOneBy(SettingEntity, TICKETS_ROW);
    const value = JSON.stringify(ticketSettingsSchema.parse(tickets));
    if (row) await manager.update(SettingEntity, TICKETS_ROW, { value, version: row.version + 1, updatedAt: now });
    else await manager.insert(SettingEntity, { ...TICKETS_ROW, value, version: 1, updatedAt: now });
  }

  /**
   * Writes the Tickets section the next event starts with, inside the caller's transaction (the
   * season start, under the party lock): `tickets` without a sale window. Call `changed()` once
   * that transaction has committed.
   */
  async carryIntoNextSeason(manager: EntityManager, tickets: TicketSettings, now: Date): Promise<void> {
    const next = { ...tickets, saleOpensAt: null, saleClosesAt: null };
    await manager.update(SettingEntity, TICKETS_ROW, { value: JSON.stringify(next), updatedAt: now });
  }

  /** Drops this replica's cache after a committed write, and tells the settings' listeners. */
  changed(): void {
    this.ticketsRead.invalidate();
    this.changes.notify();
  }
}
