import { Table, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

/**
 * The people behind each event type, one row per (type, bot flag, person): the event dialog's
 * header counts them instead of counting distinct sessions among hundreds of thousands of
 * events (bench/RESULTS.md: 390 ms on MariaDB for page views at a million events). A person is
 * `e:<entityId>` for events about an order or ticket, else `s:<sessionId>`; events with neither
 * are counted from the events table. Written with each event; filled here from those stored.
 */
export class AnalyticsPeople1761000500000 implements MigrationInterface {
  name = 'AnalyticsPeople1761000500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.driver.options.type;
    const mysql = type === 'mysql' || type === 'mariadb';
    // Compared byte for byte, as the events' own columns are (see the analytics events migration).
    const exact: Partial<TableColumnOptions> = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
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
    await fillAnalyticsPeople(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('analytics_people');
  }
}

/** Adds the people of every stored event (those already there stay). */
export async function fillAnalyticsPeople(queryRunner: QueryRunner): Promise<void> {
  const type = queryRunner.connection.driver.options.type;
  const mysql = type === 'mysql' || type === 'mariadb';
  const key = mysql
    ? "CASE WHEN entityId IS NOT NULL THEN CONCAT('e:', entityId) ELSE CONCAT('s:', sessionId) END"
    : "CASE WHEN entityId IS NOT NULL THEN 'e:' || entityId ELSE 's:' || sessionId END";
  await queryRunner.query(
    `INSERT ${mysql ? 'IGNORE' : 'OR IGNORE'} INTO analytics_people (eventType, isBot, personKey) ` +
      `SELECT DISTINCT eventType, isBot, ${key} FROM analytics_events WHERE entityId IS NOT NULL OR sessionId IS NOT NULL`,
  );
}
