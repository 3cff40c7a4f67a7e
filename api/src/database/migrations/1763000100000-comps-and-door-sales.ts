import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Comps and door sales (docs/door.md): a party order can be complimentary (`comp`, with the
 * manager's reason, $0), and says how it was paid (`card` online or at the door, `cash` at the
 * door, `comp`). `requestId` is the staff client's id of the request that made the order, unique,
 * so the same click sent twice makes one order. Existing orders were paid by card.
 */
export class CompsAndDoorSales1763000100000 implements MigrationInterface {
  name = 'CompsAndDoorSales1763000100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('party_orders', [
      new TableColumn({ name: 'comp', type: 'boolean', isNullable: false, default: false }),
      new TableColumn({ name: 'compReason', type: 'varchar', length: '200', isNullable: true }),
      new TableColumn({ name: 'paymentMethod', type: 'varchar', length: '8', isNullable: false, default: "'card'" }),
      new TableColumn({ name: 'requestId', type: 'varchar', length: '64', isNullable: true }),
    ]);
    await queryRunner.createIndex(
      'party_orders',
      new TableIndex({ name: 'UQ_party_orders_requestId', columnNames: ['requestId'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('party_orders', 'UQ_party_orders_requestId');
    for (const column of ['requestId', 'paymentMethod', 'compReason', 'comp']) {
      await queryRunner.dropColumn('party_orders', column);
    }
  }
}
