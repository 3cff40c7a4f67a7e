import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

/**
 * The events counted per type and bot flag, with how many of them belong to nobody known: the
 * funnel and the event dialog's header read these, so raw events older than
 * ANALYTICS_RETENTION_DAYS can be deleted without changing a figure (the people and attribution
 * counters are kept the same way). The API adds to them in the transaction that stores the events
 * (see recordTotals); filled here from the events already stored. The events' creation time gets
 * the index the deletion walks.
 */
export class AnalyticsTotals1761000710000 implements MigrationInterface {
  name = 'AnalyticsTotals1761000710000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.driver.options.type;
    const mysql = type === 'mysql' || type === 'mariadb';
    // Compared byte for byte, as the events' type column is (see the analytics events migration).
    const exact: Partial<TableColumnOptions> = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
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
    await fillAnalyticsTotals(queryRunner);
    await queryRunner.createIndex(
      'analytics_events',
      new TableIndex({ name: 'IDX_analytics_events_createdAt', columnNames: ['createdAt'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('analytics_events', 'IDX_analytics_events_createdAt');
    await queryRunner.dropTable('analytics_event_totals');
  }
}

/**
 * Counts the stored events into the totals again from scratch, in one transaction (its own
 * unless one is open): after events were written other than through the API.
 */
export async function fillAnalyticsTotals(queryRunner: QueryRunner): Promise<void> {
  const own = !queryRunner.isTransactionActive;
  if (own) await queryRunner.startTransaction();
  try {
    await queryRunner.query('DELETE FROM analytics_event_totals');
    await queryRunner.query(
      'INSERT INTO analytics_event_totals (eventType, isBot, events, anonymous) ' +
        'SELECT eventType, CASE WHEN isBot THEN 1 ELSE 0 END, COUNT(*), ' +
        'SUM(CASE WHEN entityId IS NULL AND sessionId IS NULL THEN 1 ELSE 0 END) ' +
        'FROM analytics_events GROUP BY eventType, CASE WHEN isBot THEN 1 ELSE 0 END',
    );
    if (own) await queryRunner.commitTransaction();
  } catch (error) {
    if (own) await queryRunner.rollbackTransaction();
    throw error;
  }
}
