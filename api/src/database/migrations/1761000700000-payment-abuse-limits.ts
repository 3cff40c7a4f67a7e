import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The abuse limits' records: declined cards (to stop card testing), the client address each
 * ticket hold was made from (to cap what one client can hold), and each drinks tab's spending
 * limit (TAB_LIMIT_CENTS when it opened, raised by the bar).
 */
export class PaymentAbuseLimits1761000700000 implements MigrationInterface {
  name = 'PaymentAbuseLimits1761000700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'payment_declines',
        columns: [
          { name: 'id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'intentId', type: 'varchar', length: '255' },
          { name: 'clientAddress', type: 'varchar', length: '45' },
          { name: 'email', type: 'varchar', length: '254', isNullable: true },
          { name: 'declinedAt', type: 'datetime' },
        ],
      }),
    );
    await queryRunner.createIndex(
      'payment_declines',
      new TableIndex({ name: 'IDX_payment_declines_client', columnNames: ['clientAddress', 'declinedAt'] }),
    );
    await queryRunner.createIndex(
      'payment_declines',
      new TableIndex({ name: 'IDX_payment_declines_email', columnNames: ['email', 'declinedAt'] }),
    );
    await queryRunner.addColumn(
      'party_orders',
      new TableColumn({ name: 'clientAddress', type: 'varchar', length: '45', isNullable: true }),
    );
    // Tabs opened before limits existed get the default limit ($150).
    await queryRunner.addColumn('drink_tabs', new TableColumn({ name: 'limitCents', type: 'integer', default: 15000 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('drink_tabs', 'limitCents');
    await queryRunner.dropColumn('party_orders', 'clientAddress');
    await queryRunner.dropTable('payment_declines');
  }
}
