import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type SelectQueryBuilder } from 'typeorm';
import {
  FEAST_FUNNEL_STEPS,
  PARTY_FUNNEL_STEPS,
  type AnalyticsEvent,
  type AnalyticsEventsSummary,
  type AttributionRow,
  type FunnelEntry,
} from '@festival/contracts';
import type { ReportFilter } from '../seasons/seasons.service.js';
import { ATTRIBUTION_TABLE, NO_CAMPAIGN } from './analytics-attribution.js';
import { AnalyticsEventEntity } from './analytics-event.entity.js';
import { toAnalyticsEvent } from './analytics-event.mapper.js';
import { TOTALS_TABLE } from './analytics-totals.js';

const FUNNEL_ORDER: readonly string[] = [...FEAST_FUNNEL_STEPS, ...PARTY_FUNNEL_STEPS];

/** The attribution report's most rows: the staff's table, never every campaign name anyone made up. */
export const ATTRIBUTION_ROWS = 500;

/** Counts from the drivers come back as numbers, strings (MySQL DECIMAL) or null. */
const count = (value: unknown): number => Number(value ?? 0) || 0;

/** Keeps a counter query (alias `alias`, keyed by event and hour) to the filter's event and hours. */
function inCounterRange<Q extends SelectQueryBuilder<object>>(query: Q, alias: string, filter: ReportFilter): Q {
  query.andWhere(`${alias}.eventId = :eventId`, { eventId: filter.eventId });
  if (filter.fromHour !== null) query.andWhere(`${alias}.hour >= :fromHour`, { fromHour: filter.fromHour });
  if (filter.untilHour !== null) query.andWhere(`${alias}.hour < :untilHour`, { untilHour: filter.untilHour });
  return query;
}

/**
 * The staff dashboard's reports. Each one is a single aggregate query served by an index
 * (see the analytics events migration), or reads counters kept as the events are stored (the
 * people behind a step, attribution); none loads the events into memory. Bot traffic is left
 * out of every report.
 */
@Injectable()
export class AnalyticsReportService {
  constructor(@InjectRepository(AnalyticsEventEntity) private readonly repo: Repository<AnalyticsEventEntity>) {}

  /** Events per type: every step of both funnels (0 when none yet), then any other type. */
  async funnel(filter: ReportFilter): Promise<FunnelEntry[]> {
    const rows = await this.funnelQuery(filter).getRawMany<{ eventType: string; isBot: unknown; count: unknown }>();
    const counts = new Map(rows.filter((r) => !Number(r.isBot)).map((r) => [r.eventType, count(r.count)]));
    const others = [...counts.keys()].filter((t) => !FUNNEL_ORDER.includes(t)).sort();
    return [...FUNNEL_ORDER, ...others].map((eventType) => ({ eventType, count: counts.get(eventType) ?? 0 }));
  }

  /** One page of events of a type, newest first; `before` is the last id of the previous page. */
  async events(eventType: string, page: { limit: number; before?: number }, filter: ReportFilter): Promise<AnalyticsEvent[]> {
    // The page's ids first, from the index alone; then just those rows.
    const ids = (await this.eventsQuery(eventType, page, filter).getRawMany<{ id: unknown }>()).map((r) => Number(r.id));
    if (ids.length === 0) return [];
    const rows = await this.repo.findBy({ id: In(ids) });
    return rows.sort((a, b) => b.id - a.id).map(toAnalyticsEvent);
  }

  /** The event dialog's header: total events of a type and the people behind them. */
  async summary(eventType: string, filter: ReportFilter): Promise<AnalyticsEventsSummary> {
    const [eventsQuery, peopleQuery] = this.summaryQueries(eventType, filter);
    const [row, people] = await Promise.all([
      eventsQuery.getRawOne<Record<string, unknown>>(),
      peopleQuery.getRawOne<Record<string, unknown>>(),
    ]);
    return {
      eventType,
      totalEvents: count(row?.total),
      // The dialog's grouping: by entityId, else sessionId (the people), else the event alone.
      uniqueUsers: count(people?.people) + count(row?.anonymous),
    };
  }

  /**
   * Page views and conversions per normalised source, medium and campaign. A conversion (a
   * completed order or ticket purchase) carries its session's attribution from the moment it is
   * recorded. Read from the counters kept with the events (`analytics_attribution`). At most
   * ATTRIBUTION_ROWS rows, the most visited: made-up campaign names cannot grow the answer.
   */
  async attribution(filter: ReportFilter): Promise<AttributionRow[]> {
    const rows = await this.attributionQuery(filter).getRawMany<Record<string, unknown>>();
    return rows
      .map((r) => ({
        source: String(r.source),
        medium: String(r.medium),
        campaign: r.campaign === null || r.campaign === undefined || r.campaign === NO_CAMPAIGN ? null : String(r.campaign),
        pageViews: count(r.pageViews),
        conversions: count(r.conversions),
      }))
      .sort(
        (a, b) =>
          b.pageViews - a.pageViews ||
          b.conversions - a.conversions ||
          compare(a.source, b.source) ||
          compare(a.medium, b.medium) ||
          compare(a.campaign ?? '', b.campaign ?? ''),
      );
  }

  // The queries themselves, also run (and explained) by bench/analytics-queries.mjs.

  /**
   * The totals per type and bot flag (filtered after) of the filter's event and hours, kept per
   * hour as events are stored (see recordTotals): the funnel is the same after old events are
   * deleted.
   */
  funnelQuery(filter: ReportFilter): SelectQueryBuilder<object> {
    const query = this.repo.manager
      .createQueryBuilder()
      .select('t.eventType', 'eventType')
      .addSelect('t.isBot', 'isBot')
      .addSelect('SUM(t.events)', 'count')
      .from(TOTALS_TABLE, 't')
      .where('1 = 1');
    return inCounterRange(query, 't', filter).groupBy('t.eventType').addGroupBy('t.isBot');
  }

  /**
   * The ids of one page, newest first, read from the (eventId, eventType, isBot, createdAt) index
   * alone. Fetching whole rows in the same query lets MySQL walk the rows newer than the cursor
   * one by one.
   */
  eventsQuery(eventType: string, page: { limit: number; before?: number }, filter: ReportFilter): SelectQueryBuilder<AnalyticsEventEntity> {
    const query = this.repo
      .createQueryBuilder('e')
      .select('e.id', 'id')
      .where('e.eventId = :eventId', { eventId: filter.eventId })
      .andWhere('e.eventType = :eventType', { eventType })
      .andWhere('e.isBot = 0');
    if (filter.since) query.andWhere('e.createdAt >= :since', { since: filter.since });
    if (filter.until) query.andWhere('e.createdAt < :until', { until: filter.until });
    if (page.before !== undefined) query.andWhere('e.id < :before', { before: page.before });
    return query.orderBy('e.id', 'DESC').limit(page.limit);
  }

  /**
   * The header's two queries: the events of the type and those with no person (the totals),
   * and the people behind them, kept in `analytics_people` as events are stored. Counting distinct sessions among the events themselves took 390 ms on
   * MariaDB for the page views of a million events.
   */
  summaryQueries(eventType: string, filter: ReportFilter): [SelectQueryBuilder<object>, SelectQueryBuilder<object>] {
    const events = this.repo.manager
      .createQueryBuilder()
      .select('SUM(t.events)', 'total')
      .addSelect('SUM(t.anonymous)', 'anonymous')
      .from(TOTALS_TABLE, 't')
      .where('t.eventType = :eventType', { eventType })
      .andWhere('t.isBot = 0');
    // The whole event: one row per person. A date range: the hours each was seen in, a person
    // seen in several counted once.
    const ranged = filter.fromHour !== null || filter.untilHour !== null;
    const people = this.repo.manager
      .createQueryBuilder()
      .select(ranged ? 'COUNT(DISTINCT p.personKey)' : 'COUNT(*)', 'people')
      .from(ranged ? 'analytics_people_hours' : 'analytics_people', 'p')
      .where('p.eventType = :eventType', { eventType })
      .andWhere('p.isBot = 0');
    if (!ranged) people.andWhere('p.eventId = :eventId', { eventId: filter.eventId });
    return [inCounterRange(events, 't', filter), ranged ? inCounterRange(people, 'p', filter) : people];
  }

  /**
   * The counters of page views and conversions per source, medium and campaign, written in the
   * transaction that stores their events (see recordAttribution), per event and hour: a few
   * rows an hour, however many events there are. Grouping the events themselves took 233 ms on MariaDB at a million events.
   */
  attributionQuery(filter: ReportFilter): SelectQueryBuilder<object> {
    const query = this.repo.manager
      .createQueryBuilder()
      .select('a.source', 'source')
      .addSelect('a.medium', 'medium')
      .addSelect('a.campaign', 'campaign')
      .addSelect('SUM(a.pageViews)', 'pageViews')
      .addSelect('SUM(a.conversions)', 'conversions')
      .from(ATTRIBUTION_TABLE, 'a')
      .where('(a.pageViews > 0 OR a.conversions > 0)');
    return inCounterRange(query, 'a', filter)
      .groupBy('a.source')
      .addGroupBy('a.medium')
      .addGroupBy('a.campaign')
      .orderBy('SUM(a.pageViews)', 'DESC')
      .addOrderBy('SUM(a.conversions)', 'DESC')
      .limit(ATTRIBUTION_ROWS);
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
