import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Tips and itemised receipts (docs/tips-and-receipts.md): a pay-now order's tip, a tab's tip
 * choice and the tip it was charged with, and one outbox row per receipt e-mail.
 */
export class TipsAndReceipts1764002200000 implements MigrationInterface {
  name = 'TipsAndReceipts1764002200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('drink_orders', new TableColumn({ name: 'tipCents', type: 'integer', default: 0 }));
    await queryRunner.addColumn('drink_tabs', new TableColumn({ name: 'tipChoice', type: 'varchar', length: '40', isNullable: true }));
    await queryRunner.addColumn('drink_tabs', new TableColumn({ name: 'tipCents', type: 'integer', isNullable: true }));
    await queryRunner.createTable(
      new Table({
        name: 'drink_receipts',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'orderId', type: 'varchar', length: '36', isNullable: true },
          { name: 'tabId', type: 'varchar', length: '36', isNullable: true },
          { name: 'reason', type: 'varchar', length: '16' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'emailStatus', type: 'varchar', length: '16', default: "'none'" },
          { name: 'emailAttempts', type: 'integer', default: 0 },
          { name: 'emailNextAttemptAt', type: 'datetime', isNullable: true },
          { name: 'emailClaimedAt', type: 'datetime', isNullable: true },
          { name: 'emailLastError', type: 'varchar', length: '255', isNullable: true },
          { name: 'emailSettledAt', type: 'datetime', isNullable: true },
          { name: 'createdAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await queryRunner.createIndex('drink_receipts', new TableIndex({ name: 'IDX_drink_receipts_email', columnNames: ['emailStatus'] }));
    await queryRunner.createIndex('drink_receipts', new TableIndex({ name: 'IDX_drink_receipts_order', columnNames: ['orderId'] }));
    await queryRunner.createIndex('drink_receipts', new TableIndex({ name: 'IDX_drink_receipts_tab', columnNames: ['tabId'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('drink_receipts');
    await queryRunner.dropColumn('drink_tabs', 'tipCents');
    await queryRunner.dropColumn('drink_tabs', 'tipChoice');
    await queryRunner.dropColumn('drink_orders', 'tipCents');
  }
}
