import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The drinks menu with its stock, drink orders (paid now or on a tab), tabs, and the drinks lock. */
export class Drinks1761000400000 implements MigrationInterface {
  name = 'Drinks1761000400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("INSERT INTO app_locks (name) VALUES ('drinks')");

    await queryRunner.createTable(
      new Table({
        name: 'drinks',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'description', type: 'varchar', length: '500' },
          { name: 'category', type: 'varchar', length: '60' },
          { name: 'priceCents', type: 'integer' },
          { name: 'available', type: 'integer' },
          { name: 'sortOrder', type: 'integer', default: 0 },
          { name: 'createdAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updatedAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'drink_tabs',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'tokenHash', type: 'varchar', length: '64' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'customerName', type: 'varchar', length: '160' },
          { name: 'customerEmail', type: 'varchar', length: '254', isNullable: true },
          { name: 'customerPhone', type: 'varchar', length: '30', isNullable: true },
          { name: 'tableNumber', type: 'varchar', length: '20', isNullable: true },
          { name: 'gatewayCustomerId', type: 'varchar', length: '255', isNullable: true },
          { name: 'setupIntentId', type: 'varchar', length: '255', isNullable: true },
          { name: 'paymentMethodId', type: 'varchar', length: '255', isNullable: true },
          { name: 'openedAt', type: 'datetime', isNullable: true },
          { name: 'closeAttempts', type: 'integer', default: 0 },
          { name: 'chargeKey', type: 'varchar', length: '128', isNullable: true },
          { name: 'closingSince', type: 'datetime', isNullable: true },
          { name: 'lastChargeError', type: 'varchar', length: '255', isNullable: true },
          { name: 'lastChargeAttemptAt', type: 'datetime', isNullable: true },
          { name: 'autoCloseTriedAt', type: 'datetime', isNullable: true },
          { name: 'chargePaymentIntentId', type: 'varchar', length: '255', isNullable: true },
          { name: 'subtotalCents', type: 'integer', isNullable: true },
          { name: 'taxCents', type: 'integer', isNullable: true },
          { name: 'chargedCents', type: 'integer', isNullable: true },
          { name: 'closedAt', type: 'datetime', isNullable: true },
          { name: 'closedBy', type: 'varchar', length: '16', isNullable: true },
          { name: 'createdAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updatedAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await queryRunner.createIndex(
      'drink_tabs',
      new TableIndex({ name: 'UQ_drink_tabs_setupIntentId', columnNames: ['setupIntentId'], isUnique: true }),
    );
    await queryRunner.createIndex('drink_tabs', new TableIndex({ name: 'IDX_drink_tabs_status', columnNames: ['status', 'openedAt'] }));

    await queryRunner.createTable(
      new Table({
        name: 'drink_orders',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'number', type: 'integer', isNullable: true },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'barStatus', type: 'varchar', length: '16', default: "'new'" },
          { name: 'tabId', type: 'varchar', length: '36', isNullable: true },
          { name: 'customerName', type: 'varchar', length: '160' },
          { name: 'customerEmail', type: 'varchar', length: '254', isNullable: true },
          { name: 'customerPhone', type: 'varchar', length: '30', isNullable: true },
          { name: 'tableNumber', type: 'varchar', length: '20', isNullable: true },
          { name: 'items', type: 'text' },
          { name: 'subtotalCents', type: 'integer' },
          { name: 'taxCents', type: 'integer' },
          { name: 'totalCents', type: 'integer' },
          { name: 'paymentIntentId', type: 'varchar', length: '255', isNullable: true },
          { name: 'placedAt', type: 'datetime', isNullable: true },
          { name: 'refundId', type: 'varchar', length: '255', isNullable: true },
          { name: 'failureReason', type: 'varchar', length: '255', isNullable: true },
          { name: 'createdAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updatedAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await queryRunner.createIndex(
      'drink_orders',
      new TableIndex({ name: 'UQ_drink_orders_number', columnNames: ['number'], isUnique: true }),
    );
    await queryRunner.createIndex(
      'drink_orders',
      new TableIndex({ name: 'UQ_drink_orders_paymentIntentId', columnNames: ['paymentIntentId'], isUnique: true }),
    );
    await queryRunner.createIndex('drink_orders', new TableIndex({ name: 'IDX_drink_orders_tabId', columnNames: ['tabId'] }));
    await queryRunner.createIndex('drink_orders', new TableIndex({ name: 'IDX_drink_orders_bar', columnNames: ['barStatus', 'placedAt'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('drink_orders');
    await queryRunner.dropTable('drink_tabs');
    await queryRunner.dropTable('drinks');
    await queryRunner.query("DELETE FROM app_locks WHERE name = 'drinks'");
  }
}
