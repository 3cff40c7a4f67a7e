import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Feast pack pre-orders (closed this year; kept for the staff dashboard). */
export class FeastOrders1761000202000 implements MigrationInterface {
  name = 'FeastOrders1761000202000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'feast_orders',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'customerName', type: 'varchar', length: '160' },
          { name: 'customerEmail', type: 'varchar', length: '254' },
          { name: 'customerPhone', type: 'varchar', length: '30' },
          { name: 'pickupDate', type: 'varchar', length: '40' },
          { name: 'pickupTime', type: 'varchar', length: '40' },
          { name: 'items', type: 'text' },
          { name: 'totalCents', type: 'integer' },
          { name: 'createdAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await queryRunner.createIndex('feast_orders', new TableIndex({ name: 'IDX_feast_orders_createdAt', columnNames: ['createdAt'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('feast_orders');
  }
}
