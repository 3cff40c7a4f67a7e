import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Key/value settings of the site (restaurant, event, pickup), JSON in `value`. */
export class SiteSettings1761000000000 implements MigrationInterface {
  name = 'SiteSettings1761000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'site_settings',
        columns: [
          { name: 'key', type: 'varchar', length: '64', isPrimary: true },
          { name: 'value', type: 'text', isNullable: false },
          { name: 'updatedAt', type: 'datetime', default: 'CURRENT_TIMESTAMP', isNullable: false },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('site_settings');
  }
}
