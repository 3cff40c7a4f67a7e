import { Table, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import { CONVERSION_EVENT_TYPES, PAGE_VIEW_EVENT_TYPES } from '@festival/contracts';

/**
 * The attribution report's counters: page views and conversions per normalised source, medium
 * and campaign, of visitors (not bots). Grouping the events themselves read the index entries of
 * every page view (233 ms on MariaDB at a million events, bench/RESULTS.md); the report now
 * reads these few rows. The API adds to them in the transaction that stores the events (see
 * recordAttribution); filled here from the events already stored. No campaign is kept as ''.
 */
export class AnalyticsAttribution1761000600000 implements MigrationInterface {
  name = 'AnalyticsAttribution1761000600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.driver.options.type;
    const mysql = type === 'mysql' || type === 'mariadb';
    // Compared byte for byte, as the events' attribution columns are (see the analytics events migration).
    const exact: Partial<TableColumnOptions> = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
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
    await fillAnalyticsAttribution(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('analytics_attribution');
  }
}

/**
 * Counts the stored events into the attribution counters again from scratch, in one
 * transaction (its own unless one is open): after the events were written or removed other
 * than through the API. On MySQL the events read are locked until it commits, so events the
 * API stores meanwhile are counted once, after it.
 */
export async function fillAnalyticsAttribution(queryRunner: QueryRunner): Promise<void> {
  const views = PAGE_VIEW_EVENT_TYPES.map((t) => `'${t}'`).join(', ');
  const conversions = CONVERSION_EVENT_TYPES.map((t) => `'${t}'`).join(', ');
  const own = !queryRunner.isTransactionActive;
  if (own) await queryRunner.startTransaction();
  try {
    await queryRunner.query('DELETE FROM analytics_attribution');
    await queryRunner.query(
      'INSERT INTO analytics_attribution (source, medium, campaign, pageViews, conversions) ' +
        "SELECT attributionSource, COALESCE(attributionMedium, ''), COALESCE(attributionCampaign, ''), " +
        `SUM(CASE WHEN eventType IN (${views}) THEN 1 ELSE 0 END), SUM(CASE WHEN eventType IN (${conversions}) THEN 1 ELSE 0 END) ` +
        `FROM analytics_events WHERE eventType IN (${views}, ${conversions}) AND isBot = 0 AND attributionSource IS NOT NULL ` +
        "GROUP BY attributionSource, COALESCE(attributionMedium, ''), COALESCE(attributionCampaign, '')",
    );
    if (own) await queryRunner.commitTransaction();
  } catch (error) {
    if (own) await queryRunner.rollbackTransaction();
    throw error;
  }
}
