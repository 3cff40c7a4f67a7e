import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The settings the manager changes (docs/settings.md): one row per section and scope, its value
 * the section's JSON. Rows are filled at start from the environment when missing, not here.
 */
export class Settings1761001700000 implements MigrationInterface {
  name = 'Settings1761001700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql' || queryRunner.connection.options.type === 'mariadb';
    await queryRunner.createTable(
      new Table({
        name: 'settings',
        columns: [
          { name: 'scope', type: 'varchar', length: '64', isPrimary: true },
          { name: 'section', type: 'varchar', length: '32', isPrimary: true },
          { name: 'value', type: 'text', isNullable: false },
          { name: 'version', type: 'integer', isNullable: false, default: 1 },
          // Millisecond timestamps on MySQL (its datetime drops them otherwise); SQLite keeps them as text.
          { name: 'updatedAt', type: 'datetime', isNullable: false, ...(mysql ? { precision: 3 } : {}) },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('settings');
  }
}
