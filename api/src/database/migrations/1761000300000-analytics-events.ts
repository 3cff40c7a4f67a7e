import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

/**
 * Visitor and server analytics events. Indexes serve the reports (see bench/RESULTS.md): counts
 * per event type and newest-first pages of one type (type_bot, whose entries end with the id on
 * both databases); the event dialog's distinct people (people, covering); page views and
 * conversions per normalised source, grouped in index order (attribution); plus the session
 * lookup of server events and the page view id that merges a leave event onto its page view.
 */
export class AnalyticsEvents1761000300000 implements MigrationInterface {
  name = 'AnalyticsEvents1761000300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.driver.options.type;
    const mysql = type === 'mysql' || type === 'mariadb';
    // Grouped and compared values must compare byte for byte on MySQL too (its default
    // collation ignores case, accents and trailing spaces), so reports match SQLite's.
    const exact: Partial<TableColumnOptions> = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    const text = (name: string, length: number, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      isNullable: true,
      ...options,
    });

    await queryRunner.createTable(
      new Table({
        name: 'analytics_events',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          text('eventType', 64, { ...exact, isNullable: false }),
          text('sessionId', 64, exact),
          text('pageViewId', 64, exact),
          text('entityId', 64, exact),
          { name: 'createdAt', type: 'datetime', isNullable: false, ...(mysql ? { precision: 3 } : {}) },
          text('userName', 200),
          text('userEmail', 320),
          text('userPhone', 40),
          text('ipAddress', 45),
          text('userAgent', 512),
          { name: 'isBot', type: 'boolean', isNullable: false, default: false },
          text('geoCity', 100),
          text('geoRegion', 100),
          text('geoCountry', 8),
          { name: 'geoLatitude', type: 'double', isNullable: true },
          { name: 'geoLongitude', type: 'double', isNullable: true },
          { name: 'scrollDepth', type: 'integer', isNullable: true },
          { name: 'timeOnPage', type: 'integer', isNullable: true },
          { name: 'pageSections', type: 'text', isNullable: true },
          text('utmSource', 200),
          text('utmMedium', 200),
          text('utmCampaign', 200),
          text('utmContent', 200),
          text('utmTerm', 200),
          text('referrer', 2048),
          text('attributionSource', 100, exact),
          text('attributionMedium', 100, exact),
          text('attributionCampaign', 100, exact),
          { name: 'metadata', type: 'text', isNullable: true },
        ],
      }),
    );
    const index = (name: string, columnNames: string[], isUnique = false) =>
      queryRunner.createIndex('analytics_events', new TableIndex({ name, columnNames, isUnique }));
    await index('IDX_analytics_events_type_bot', ['eventType', 'isBot']);
    await index('IDX_analytics_events_attribution', [
      'isBot',
      'attributionSource',
      'attributionMedium',
      'attributionCampaign',
      'eventType',
    ]);
    await index('IDX_analytics_events_people', ['eventType', 'isBot', 'entityId', 'sessionId']);
    await index('IDX_analytics_events_session', ['sessionId', 'eventType']);
    await index('IDX_analytics_events_page_view', ['pageViewId'], true);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('analytics_events');
  }
}
