import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The per-client limits counted in the database, shared by every replica (docs/operations.md,
 * "Scaling and shared limits"): one row per counted key, in the columns and order
 * rate-limiter-flexible's SQL stores write (`key`, `points`, `expire` in epoch milliseconds).
 * `expire` is indexed so ended windows are swept cheaply.
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
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('rate_limits');
  }
}
