import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Party ticket orders (their holds are the pending ones) and the named locks of exclusive sections. */
export class PartyOrders1761000201000 implements MigrationInterface {
  name = 'PartyOrders1761000201000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'app_locks',
        columns: [{ name: 'name', type: 'varchar', length: '64', isPrimary: true }],
      }),
    );
    await queryRunner.query("INSERT INTO app_locks (name) VALUES ('party_tickets')");

    await queryRunner.createTable(
      new Table({
        name: 'party_orders',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'customerName', type: 'varchar', length: '160' },
          { name: 'customerEmail', type: 'varchar', length: '254' },
          { name: 'customerPhone', type: 'varchar', length: '30' },
          { name: 'adultTickets', type: 'integer' },
          { name: 'childTickets', type: 'integer' },
          { name: 'adultPriceCents', type: 'integer' },
          { name: 'childPriceCents', type: 'integer' },
          { name: 'subtotalCents', type: 'integer' },
          { name: 'groupDiscountPercent', type: 'integer' },
          { name: 'groupDiscountCents', type: 'integer' },
          { name: 'promoCode', type: 'varchar', length: '40', isNullable: true },
          { name: 'promoDiscountPercent', type: 'integer' },
          { name: 'promoDiscountCents', type: 'integer' },
          { name: 'taxCents', type: 'integer' },
          { name: 'totalCents', type: 'integer' },
          { name: 'paymentIntentId', type: 'varchar', length: '255', isNullable: true },
          { name: 'holdExpiresAt', type: 'datetime' },
          { name: 'paidAt', type: 'datetime', isNullable: true },
          { name: 'refundId', type: 'varchar', length: '255', isNullable: true },
          { name: 'analyticsSessionId', type: 'varchar', length: '64', isNullable: true },
          { name: 'emailStatus', type: 'varchar', length: '16', default: "'none'" },
          { name: 'emailAttempts', type: 'integer', default: 0 },
          { name: 'emailNextAttemptAt', type: 'datetime', isNullable: true },
          { name: 'emailClaimedAt', type: 'datetime', isNullable: true },
          { name: 'emailLastError', type: 'varchar', length: '255', isNullable: true },
          { name: 'createdAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updatedAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await queryRunner.createIndex(
      'party_orders',
      new TableIndex({ name: 'UQ_party_orders_paymentIntentId', columnNames: ['paymentIntentId'], isUnique: true }),
    );
    await queryRunner.createIndex(
      'party_orders',
      new TableIndex({ name: 'IDX_party_orders_status_hold', columnNames: ['status', 'holdExpiresAt'] }),
    );
    await queryRunner.createIndex('party_orders', new TableIndex({ name: 'IDX_party_orders_createdAt', columnNames: ['createdAt'] }));
    await queryRunner.createIndex(
      'party_orders',
      new TableIndex({ name: 'IDX_party_orders_email', columnNames: ['emailStatus', 'emailNextAttemptAt'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('party_orders');
    await queryRunner.dropTable('app_locks');
  }
}
