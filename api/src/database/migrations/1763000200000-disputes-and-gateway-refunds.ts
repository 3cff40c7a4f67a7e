import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Money changed in the gateway's dashboard (docs/reports.md): chargebacks (`payment_disputes`,
 * one row per dispute, found by its payment), and what was refunded of a feast pack order, a
 * drinks order or a tab's charge (`refundedCents`, `refundedAt`), whether the site asked for the
 * refund or it was made at the gateway and arrived by webhook.
 */
export class DisputesAndGatewayRefunds1763000200000 implements MigrationInterface {
  name = 'DisputesAndGatewayRefunds1763000200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    const mysql = type === 'mysql' || type === 'mariadb';
    const ms = mysql ? { precision: 3 } : {};
    await queryRunner.createTable(
      new Table({
        name: 'payment_disputes',
        columns: [
          { name: 'id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'paymentIntentId', type: 'varchar', length: '255', isNullable: false },
          { name: 'amountCents', type: 'integer', isNullable: false },
          { name: 'status', type: 'varchar', length: '8', isNullable: false },
          { name: 'gatewayStatus', type: 'varchar', length: '40', isNullable: false },
          { name: 'reason', type: 'varchar', length: '64', isNullable: true },
          { name: 'openedAt', type: 'datetime', isNullable: false, ...ms },
          { name: 'closedAt', type: 'datetime', isNullable: true, ...ms },
          { name: 'updatedAt', type: 'datetime', isNullable: false, ...ms },
        ],
      }),
    );
    await queryRunner.createIndex(
      'payment_disputes',
      new TableIndex({ name: 'IDX_payment_disputes_payment', columnNames: ['paymentIntentId'] }),
    );
    for (const table of ['feast_orders', 'drink_orders', 'drink_tabs']) {
      await queryRunner.addColumns(table, [
        new TableColumn({ name: 'refundedCents', type: 'integer', isNullable: false, default: 0 }),
        new TableColumn({ name: 'refundedAt', type: 'datetime', isNullable: true, ...ms }),
      ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['drink_tabs', 'drink_orders', 'feast_orders']) {
      await queryRunner.dropColumn(table, 'refundedAt');
      await queryRunner.dropColumn(table, 'refundedCents');
    }
    await queryRunner.dropTable('payment_disputes');
  }
}
