import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Refunds of party orders (docs/refunds.md): one `party_refunds` row per refund, whole or
 * partial, made by the manager or arriving from the gateway (a refund made in Stripe's
 * dashboard), each with its refund e-mail's state. The order keeps the tickets and cents
 * refunded so far (`refundedAdults`, `refundedChildren`, `refundedCents`), which capacity and
 * the door subtract, and when its confirmation e-mail was last sent or given up
 * (`emailSettledAt`). The simulated gateway keeps the cents refunded of each payment.
 */
export class PartyRefunds1762000100000 implements MigrationInterface {
  name = 'PartyRefunds1762000100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    const mysql = type === 'mysql' || type === 'mariadb';
    const ms = mysql ? { precision: 3 } : {};
    await queryRunner.createTable(
      new Table({
        name: 'party_refunds',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'orderId', type: 'varchar', length: '36', isNullable: false },
          { name: 'adults', type: 'integer', isNullable: false },
          { name: 'children', type: 'integer', isNullable: false },
          { name: 'amountCents', type: 'integer', isNullable: false },
          { name: 'gatewayRefundId', type: 'varchar', length: '255', isNullable: true },
          { name: 'idempotencyKey', type: 'varchar', length: '80', isNullable: false },
          { name: 'source', type: 'varchar', length: '16', isNullable: false },
          { name: 'who', type: 'varchar', length: '60', isNullable: false },
          { name: 'role', type: 'varchar', length: '16', isNullable: true },
          { name: 'at', type: 'datetime', isNullable: false, ...ms },
          { name: 'status', type: 'varchar', length: '16', isNullable: false },
          { name: 'error', type: 'varchar', length: '255', isNullable: true },
          { name: 'emailStatus', type: 'varchar', length: '16', isNullable: false, default: "'none'" },
          { name: 'emailAttempts', type: 'integer', isNullable: false, default: 0 },
          { name: 'emailNextAttemptAt', type: 'datetime', isNullable: true, ...ms },
          { name: 'emailLastError', type: 'varchar', length: '255', isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex(
      'party_refunds',
      new TableIndex({ name: 'UQ_party_refunds_idempotencyKey', columnNames: ['idempotencyKey'], isUnique: true }),
    );
    await queryRunner.createIndex('party_refunds', new TableIndex({ name: 'IDX_party_refunds_order', columnNames: ['orderId', 'at'] }));
    await queryRunner.createIndex('party_refunds', new TableIndex({ name: 'IDX_party_refunds_email', columnNames: ['emailStatus'] }));
    await queryRunner.addColumns('party_orders', [
      new TableColumn({ name: 'refundedAdults', type: 'integer', isNullable: false, default: 0 }),
      new TableColumn({ name: 'refundedChildren', type: 'integer', isNullable: false, default: 0 }),
      new TableColumn({ name: 'refundedCents', type: 'integer', isNullable: false, default: 0 }),
      new TableColumn({ name: 'emailSettledAt', type: 'datetime', isNullable: true }),
    ]);
    await queryRunner.addColumn(
      'simulated_payments',
      new TableColumn({ name: 'refundedCents', type: 'integer', isNullable: false, default: 0 }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('simulated_payments', 'refundedCents');
    for (const column of ['emailSettledAt', 'refundedCents', 'refundedChildren', 'refundedAdults']) {
      await queryRunner.dropColumn('party_orders', column);
    }
    await queryRunner.dropTable('party_refunds');
  }
}
