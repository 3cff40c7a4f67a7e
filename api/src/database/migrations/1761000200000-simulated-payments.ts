import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Intents of the simulated payment gateway (used when Stripe is not configured). */
export class SimulatedPayments1761000200000 implements MigrationInterface {
  name = 'SimulatedPayments1761000200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'simulated_payments',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'clientSecret', type: 'varchar', length: '128' },
          { name: 'idempotencyKey', type: 'varchar', length: '128', isNullable: true },
          { name: 'amountCents', type: 'integer', default: 0 },
          { name: 'status', type: 'varchar', length: '32' },
          { name: 'metadata', type: 'text' },
          { name: 'lastError', type: 'varchar', length: '255', isNullable: true },
          { name: 'customerId', type: 'varchar', length: '64', isNullable: true },
          { name: 'paymentMethodId', type: 'varchar', length: '64', isNullable: true },
          { name: 'refundedAt', type: 'datetime', isNullable: true },
          { name: 'createdAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updatedAt', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await queryRunner.createIndex(
      'simulated_payments',
      new TableIndex({ name: 'UQ_simulated_payments_idempotencyKey', columnNames: ['idempotencyKey'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('simulated_payments');
  }
}
