import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The language of the guest e-mails that were still English only (docs/languages.md):
 * `feast_orders.language` (the pre-order's e-mails), `waitlist_entries.language` (the offer's
 * e-mail) and `guest_links.language` (the My tickets link's e-mail), `en`, `hi` or `ta`; every
 * row before it was English.
 */
export class EmailLanguages1764003100000 implements MigrationInterface {
  name = 'EmailLanguages1764003100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['feast_orders', 'waitlist_entries', 'guest_links']) {
      await queryRunner.addColumn(
        table,
        new TableColumn({ name: 'language', type: 'varchar', length: '2', isNullable: false, default: "'en'" }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['feast_orders', 'waitlist_entries', 'guest_links']) await queryRunner.dropColumn(table, 'language');
  }
}
