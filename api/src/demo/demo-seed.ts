import type { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { recordAttribution } from '../modules/analytics/analytics-attribution.js';
import { AnalyticsEventEntity } from '../modules/analytics/analytics-event.entity.js';
import { recordPeople } from '../modules/analytics/analytics-people.js';
import { recordTotals } from '../modules/analytics/analytics-totals.js';
import { FeastOrderEntity } from '../modules/feast/feast-order.entity.js';
import { PartyOrderEntity } from '../modules/tickets/party-order.entity.js';
import { buildDemoAnalytics } from './demo-analytics.js';
import { buildDemoOrders } from './demo-data.js';

export interface SeedResult {
  seeded: boolean;
  message: string;
}

/** Rows per INSERT: well under SQLite's bound-parameter limit for the widest table. */
const CHUNK = 200;

/**
 * Seeds every kind of demo data in one transaction; an existing database is left alone unless
 * `force`.
 */
export async function seedDemoData(dataSource: DataSource, options: { force?: boolean; now?: Date } = {}): Promise<SeedResult> {
  const existing = (await dataSource.getRepository(FeastOrderEntity).count()) + (await dataSource.getRepository(PartyOrderEntity).count());
  if (existing > 0 && !options.force) {
    return {
      seeded: false,
      message: `The database already holds ${existing} orders: nothing seeded (use --force to add the demo data anyway).`,
    };
  }
  const now = options.now ?? new Date();
  const orders = buildDemoOrders(dataSource.manager, now);
  const analytics = buildDemoAnalytics(dataSource.manager, orders, now);
  await dataSource.transaction(async (manager) => {
    await manager.insert(FeastOrderEntity, orders.feastOrders);
    await manager.insert(PartyOrderEntity, [...orders.paidTickets, ...orders.abandonedCarts]);
    for (let i = 0; i < analytics.events.length; i += CHUNK) {
      // TypeORM's insert type cannot express a JSON column of arbitrary objects (metadata).
      const rows = analytics.events.slice(i, i + CHUNK) as QueryDeepPartialEntity<AnalyticsEventEntity>[];
      await manager.insert(AnalyticsEventEntity, rows);
    }
    await recordPeople(manager, analytics.events);
    await recordAttribution(manager, analytics.events);
    await recordTotals(manager, analytics.events);
  });
  return {
    seeded: true,
    message:
      `Seeded ${orders.feastOrders.length} feast pack orders, ${orders.paidTickets.length} paid ticket orders, ` +
      `${orders.abandonedCarts.length} abandoned carts and ${analytics.events.length} analytics events from ${analytics.visits} visits.`,
  };
}
