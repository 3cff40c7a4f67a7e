import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import { DEFAULT_SITE_CONFIG, partyDateOf, siteConfigSchema } from '@festival/contracts';
import { fillAnalyticsPeople } from './1761000500000-analytics-people.js';
import { fillAnalyticsAttribution } from './1761000600000-analytics-attribution.js';
import { fillAnalyticsTotals } from './1761000710000-analytics-totals.js';

/** The tables whose rows belong to one event. */
const EVENT_ROWS = ['party_orders', 'drink_tabs', 'drink_orders', 'feast_orders', 'analytics_events'];

/**
 * Seasons (docs/settings.md): an `events` table, the first event made from the site
 * configuration as it is (on sale), and an `eventId` on every order, tab and analytics event
 * (the existing rows are the first event's). The analytics counters gain the event and the hour
 * (hours since 1970, UTC) as the first parts of their keys, so the dashboard's event and date
 * filters read a few counter rows (the people behind a step are kept per event, and per event
 * and hour for a date range: \`analytics_people_hours\`); they are counted again from the
 * stored events.
 */
export class Seasons1762000000000 implements MigrationInterface {
  name = 'Seasons1762000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    const mysql = type === 'mysql' || type === 'mariadb';
    const exact: Partial<TableColumnOptions> = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'events',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'name', type: 'varchar', length: '80', isNullable: false },
          { name: 'date', type: 'varchar', length: '10', isNullable: false },
          { name: 'status', type: 'varchar', length: '16', isNullable: false },
          { name: 'createdAt', type: 'datetime', isNullable: false, ...(mysql ? { precision: 3 } : {}) },
          { name: 'snapshot', type: 'text', isNullable: true },
        ],
      }),
    );
    const [row] = (await queryRunner.query("SELECT value FROM site_settings WHERE `key` = 'site'")) as { value: string }[];
    const parsed = row ? siteConfigSchema.safeParse(JSON.parse(row.value)) : undefined;
    const party = parsed?.success ? parsed.data.party : DEFAULT_SITE_CONFIG.party;
    await queryRunner.query('INSERT INTO events (id, name, date, status, createdAt) VALUES (1, ?, ?, ?, ?)', [
      party.name,
      partyDateOf(party),
      'on-sale',
      mysql ? new Date() : new Date().toISOString().replace('T', ' ').replace('Z', ''),
    ]);

    for (const table of EVENT_ROWS) {
      await queryRunner.addColumn(table, new TableColumn({ name: 'eventId', type: 'integer', isNullable: false, default: 1 }));
    }
    await queryRunner.createIndex('party_orders', new TableIndex({ name: 'IDX_party_orders_event', columnNames: ['eventId', 'status'] }));
    await queryRunner.createIndex('drink_tabs', new TableIndex({ name: 'IDX_drink_tabs_event', columnNames: ['eventId', 'openedAt'] }));
    await queryRunner.createIndex('drink_orders', new TableIndex({ name: 'IDX_drink_orders_event', columnNames: ['eventId', 'placedAt'] }));
    await queryRunner.createIndex('feast_orders', new TableIndex({ name: 'IDX_feast_orders_event', columnNames: ['eventId'] }));
    await queryRunner.createIndex(
      'analytics_events',
      new TableIndex({ name: 'IDX_analytics_events_event_type', columnNames: ['eventId', 'eventType', 'isBot', 'createdAt'] }),
    );

    // The counters, keyed by event and hour first.
    for (const table of ['analytics_event_totals', 'analytics_people', 'analytics_attribution']) await queryRunner.dropTable(table);
    const eventAndHour: TableColumnOptions[] = [
      { name: 'eventId', type: 'integer', isPrimary: true },
      { name: 'hour', type: 'integer', isPrimary: true },
    ];
    await queryRunner.createTable(
      new Table({
        name: 'analytics_event_totals',
        columns: [
          ...eventAndHour,
          { name: 'eventType', type: 'varchar', length: '64', isPrimary: true, ...exact },
          { name: 'isBot', type: 'integer', isPrimary: true },
          { name: 'events', type: 'integer', isNullable: false, default: 0 },
          { name: 'anonymous', type: 'integer', isNullable: false, default: 0 },
        ],
      }),
    );
    // The people behind each step of an event, and (for a date range) the hours each was seen in.
    await queryRunner.createTable(
      new Table({
        name: 'analytics_people',
        columns: [
          { name: 'eventId', type: 'integer', isPrimary: true },
          { name: 'eventType', type: 'varchar', length: '64', isPrimary: true, ...exact },
          { name: 'isBot', type: 'integer', isPrimary: true },
          { name: 'personKey', type: 'varchar', length: '80', isPrimary: true, ...exact },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'analytics_people_hours',
        columns: [
          { name: 'eventId', type: 'integer', isPrimary: true },
          { name: 'eventType', type: 'varchar', length: '64', isPrimary: true, ...exact },
          { name: 'isBot', type: 'integer', isPrimary: true },
          { name: 'hour', type: 'integer', isPrimary: true },
          { name: 'personKey', type: 'varchar', length: '80', isPrimary: true, ...exact },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'analytics_attribution',
        columns: [
          ...eventAndHour,
          { name: 'source', type: 'varchar', length: '100', isPrimary: true, ...exact },
          { name: 'medium', type: 'varchar', length: '100', isPrimary: true, ...exact },
          { name: 'campaign', type: 'varchar', length: '100', isPrimary: true, ...exact },
          { name: 'pageViews', type: 'integer', isNullable: false, default: 0 },
          { name: 'conversions', type: 'integer', isNullable: false, default: 0 },
        ],
      }),
    );
    await fillCountersByEventAndHour(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    const mysql = type === 'mysql' || type === 'mariadb';
    const exact: Partial<TableColumnOptions> = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    // The counters as they were before (one row per type, person or source), counted again.
    for (const table of ['analytics_event_totals', 'analytics_people', 'analytics_people_hours', 'analytics_attribution']) {
      await queryRunner.dropTable(table);
    }
    await queryRunner.createTable(
      new Table({
        name: 'analytics_event_totals',
        columns: [
          { name: 'eventType', type: 'varchar', length: '64', isPrimary: true, ...exact },
          { name: 'isBot', type: 'integer', isPrimary: true },
          { name: 'events', type: 'integer', isNullable: false, default: 0 },
          { name: 'anonymous', type: 'integer', isNullable: false, default: 0 },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'analytics_people',
        columns: [
          { name: 'eventType', type: 'varchar', length: '64', isPrimary: true, ...exact },
          { name: 'isBot', type: 'boolean', isPrimary: true },
          { name: 'personKey', type: 'varchar', length: '80', isPrimary: true, ...exact },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'analytics_attribution',
        columns: [
          { name: 'source', type: 'varchar', length: '100', isPrimary: true, ...exact },
          { name: 'medium', type: 'varchar', length: '100', isPrimary: true, ...exact },
          { name: 'campaign', type: 'varchar', length: '100', isPrimary: true, ...exact },
          { name: 'pageViews', type: 'integer', isNullable: false, default: 0 },
          { name: 'conversions', type: 'integer', isNullable: false, default: 0 },
        ],
      }),
    );
    await fillAnalyticsTotals(queryRunner);
    await fillAnalyticsPeople(queryRunner);
    await fillAnalyticsAttribution(queryRunner);

    await queryRunner.dropIndex('analytics_events', 'IDX_analytics_events_event_type');
    await queryRunner.dropIndex('feast_orders', 'IDX_feast_orders_event');
    await queryRunner.dropIndex('drink_orders', 'IDX_drink_orders_event');
    await queryRunner.dropIndex('drink_tabs', 'IDX_drink_tabs_event');
    await queryRunner.dropIndex('party_orders', 'IDX_party_orders_event');
    for (const table of EVENT_ROWS) await queryRunner.dropColumn(table, 'eventId');
    await queryRunner.dropTable('events');
  }
}

/** The page views and conversions the attribution counters count, as they were when this migration was written. */
const PAGE_VIEW_TYPES = ['page_view', 'party_page_view'];
const CONVERSION_TYPES = ['order_completed', 'party_order_completed'];

/**
 * Counts the stored events into the counters keyed by event and hour (totals, people and their
 * hours, attribution), in the migration's transaction (or one of its own without one). An event's
 * hour is the hours since 1970, UTC, of its `createdAt`. Kept here as it was written, whatever the
 * analytics module's own fill becomes: a migration must run the same on every database.
 */
async function fillCountersByEventAndHour(queryRunner: QueryRunner): Promise<void> {
  const type = queryRunner.connection.options.type;
  const mysql = type === 'mysql' || type === 'mariadb';
  const hour = mysql ? "TIMESTAMPDIFF(HOUR, '1970-01-01 00:00:00', createdAt)" : "CAST(strftime('%s', createdAt) AS INTEGER) / 3600";
  const bot = 'CASE WHEN isBot THEN 1 ELSE 0 END';
  const person = mysql
    ? "CASE WHEN entityId IS NOT NULL THEN CONCAT('e:', entityId) ELSE CONCAT('s:', sessionId) END"
    : "CASE WHEN entityId IS NOT NULL THEN 'e:' || entityId ELSE 's:' || sessionId END";
  const views = PAGE_VIEW_TYPES.map((t) => `'${t}'`).join(', ');
  const conversions = CONVERSION_TYPES.map((t) => `'${t}'`).join(', ');
  const own = !queryRunner.isTransactionActive;
  if (own) await queryRunner.startTransaction();
  try {
    for (const table of ['analytics_event_totals', 'analytics_people', 'analytics_people_hours', 'analytics_attribution']) {
      await queryRunner.query(`DELETE FROM ${table}`);
    }
    await queryRunner.query(
      'INSERT INTO analytics_event_totals (eventId, hour, eventType, isBot, events, anonymous) ' +
        `SELECT eventId, ${hour}, eventType, ${bot}, COUNT(*), SUM(CASE WHEN entityId IS NULL AND sessionId IS NULL THEN 1 ELSE 0 END) ` +
        `FROM analytics_events GROUP BY eventId, ${hour}, eventType, ${bot}`,
    );
    await queryRunner.query(
      'INSERT INTO analytics_people_hours (eventId, eventType, isBot, hour, personKey) ' +
        `SELECT DISTINCT eventId, eventType, ${bot}, ${hour}, ${person} FROM analytics_events WHERE entityId IS NOT NULL OR sessionId IS NOT NULL`,
    );
    await queryRunner.query(
      'INSERT INTO analytics_people (eventId, eventType, isBot, personKey) ' +
        'SELECT DISTINCT eventId, eventType, isBot, personKey FROM analytics_people_hours',
    );
    await queryRunner.query(
      'INSERT INTO analytics_attribution (eventId, hour, source, medium, campaign, pageViews, conversions) ' +
        `SELECT eventId, ${hour}, attributionSource, COALESCE(attributionMedium, ''), COALESCE(attributionCampaign, ''), ` +
        `SUM(CASE WHEN eventType IN (${views}) THEN 1 ELSE 0 END), SUM(CASE WHEN eventType IN (${conversions}) THEN 1 ELSE 0 END) ` +
        `FROM analytics_events WHERE eventType IN (${views}, ${conversions}) AND isBot = 0 AND attributionSource IS NOT NULL ` +
        `GROUP BY eventId, ${hour}, attributionSource, COALESCE(attributionMedium, ''), COALESCE(attributionCampaign, '')`,
    );
    if (own) await queryRunner.commitTransaction();
  } catch (error) {
    if (own) await queryRunner.rollbackTransaction();
    throw error;
  }
}
