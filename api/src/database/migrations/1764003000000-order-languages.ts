import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The language a guest ordered in (docs/languages.md): `party_orders.language`,
 * `drink_orders.language` and `drink_tabs.language`, `en`, `hi` or `ta`; every order before it
 * was English.
 */
export class OrderLanguages1764003000000 implements MigrationInterface {
  name = 'OrderLanguages1764003000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['party_orders', 'drink_orders', 'drink_tabs']) {
      await queryRunner.addColumn(
        table,
        new TableColumn({ name: 'language', type: 'varchar', length: '2', isNullable: false, default: "'en'" }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['party_orders', 'drink_orders', 'drink_tabs']) await queryRunner.dropColumn(table, 'language');
  }
}
