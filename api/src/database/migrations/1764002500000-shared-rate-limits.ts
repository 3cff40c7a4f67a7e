import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The per-client limits counted in the database, shared by every replica (docs/operations.md,
 * "Scaling and shared limits"): one row per counted key, in the columns and order
 * rate-limiter-flexible's SQL stores write (`key`, `points`, `expire` in epoch milliseconds).
 * `expire` is indexed so ended windows are swept cheaply. The login limit's own table
 * (`login_attempts`) goes: the login and device-pass counts live here too. Counts are not kept
 * across the change: every address starts afresh.
 */
export class SharedRateLimits1764002500000 implements MigrationInterface {
  name = 'SharedRateLimits1764002500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'rate_limits',
        columns: [
          { name: 'key', type: 'varchar', length: '255', isPrimary: true },
          { name: 'points', type: 'integer', isNullable: false, default: 0 },
          { name: 'expire', type: 'bigint', isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex('rate_limits', new TableIndex({ name: 'IDX_rate_limits_expire', columnNames: ['expire'] }));
    await queryRunner.dropTable('login_attempts');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'login_attempts',
        columns: [
          { name: 'bucket', type: 'varchar', length: '64', isPrimary: true },
          { name: 'hits', type: 'integer', isNullable: false, default: 0 },
          { name: 'windowEndsAt', type: 'datetime', isNullable: false },
          { name: 'blockedUntil', type: 'datetime', isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex(
      'login_attempts',
      new TableIndex({ name: 'IDX_login_attempts_windowEndsAt', columnNames: ['windowEndsAt'] }),
    );
    await queryRunner.dropTable('rate_limits');
  }
}
