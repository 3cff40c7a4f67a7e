import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { And, LessThan, MoreThanOrEqual, Repository, type EntityManager, type FindOperator } from 'typeorm';
import { filterInstants, type DashboardFilter, type Season } from '@festival/contracts';
import { HotRead } from '../../common/hot-read.js';
import { storedSiteConfig } from '../site/stored-site-config.js';
import { SeasonEntity } from './season.entity.js';

/**
 * A dashboard filter made ready for the queries: the event, and the instants (and the counters'
 * hours, hours since 1970 UTC) of its date range; an open end is null.
 */
export interface ReportFilter {
  eventId: number;
  since: Date | null;
  until: Date | null;
  /** The first hour in range, and the first hour after it. */
  fromHour: number | null;
  untilHour: number | null;
}

/** A `where` for a time column within the filter's dates (`{}` without a range): `{ eventId, createdAt }` reads. */
export function withinFilter(filter: ReportFilter, column: string): Record<string, number | FindOperator<Date>> {
  const where: Record<string, number | FindOperator<Date>> = { eventId: filter.eventId };
  if (filter.since && filter.until) where[column] = And(MoreThanOrEqual(filter.since), LessThan(filter.until));
  else if (filter.since) where[column] = MoreThanOrEqual(filter.since);
  else if (filter.until) where[column] = LessThan(filter.until);
  return where;
}

export const toSeason = (row: SeasonEntity): Season => ({
  id: row.id,
  name: row.name,
  date: row.date,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Which event is on sale (docs/settings.md, Seasons). `currentId()` is for what only labels a row
 * with its event (a visit, a tab): from this replica's cache, at most a second old. Decisions
 * taken under the party lock (a hold, a capacity check) read it in their transaction with
 * `readCurrentId(manager)`.
 */
@Injectable()
export class SeasonsService {
  private readonly current = new HotRead<number>(async () => ({ value: await this.readCurrentId(this.events.manager) }), 'no-store');

  constructor(@InjectRepository(SeasonEntity) private readonly events: Repository<SeasonEntity>) {}

  /** The id of the event on sale, from this replica's cache. */
  currentId(): Promise<number> {
    return this.current.value();
  }

  /** The id of the event on sale, read with `manager` (in a transaction: as of it). */
  async readCurrentId(manager: EntityManager): Promise<number> {
    const row = await manager.findOne(SeasonEntity, { where: { status: 'on-sale' }, select: { id: true } });
    if (!row) throw new Error('No event is on sale: the seasons migration makes the first one');
    return row.id;
  }

  /** Every event, newest first. */
  async list(): Promise<SeasonEntity[]> {
    return this.events.find({ order: { id: 'DESC' } });
  }

  /** The event `id`, or the one on sale without one; 404 for an unknown id. */
  async resolve(id: number | undefined): Promise<SeasonEntity> {
    const row = id === undefined ? await this.events.findOneBy({ status: 'on-sale' }) : await this.events.findOneBy({ id });
    if (!row) throw new NotFoundException(`There is no event ${id}`);
    return row;
  }

  /**
   * The filter a staff report is asked with, resolved: the event (the one on sale without one;
   * 404 for an unknown one) and the days `from`–`to` in the party's time zone.
   */
  async reportFilter(filter: DashboardFilter): Promise<ReportFilter> {
    const event = await this.resolve(filter.eventId);
    const { since, until } = filterInstants(filter, await this.timeZone());
    return {
      eventId: event.id,
      since,
      until,
      fromHour: since ? Math.floor(since.getTime() / 3_600_000) : null,
      untilHour: until ? Math.ceil(until.getTime() / 3_600_000) : null,
    };
  }

  /** The party's time zone, from the site configuration. */
  private async timeZone(): Promise<string> {
    return (await storedSiteConfig(this.events.manager)).party.timeZone;
  }

  /** Drops this replica's cache (after the event on sale changed here). */
  invalidate(): void {
    this.current.invalidate();
  }
}
