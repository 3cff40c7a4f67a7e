import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Resends of the party confirmation e-mail (the guest's `E-mail my tickets again`, the manager's
 * resend), counted per order for the guests' hourly limit, and the lock that limit's
 * read-count-write runs under (across API replicas on MySQL).
 */
export class ConfirmationResends1761001620000 implements MigrationInterface {
  name = 'ConfirmationResends1761001620000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql' || queryRunner.connection.options.type === 'mariadb';
    await queryRunner.createTable(
      new Table({
        name: 'confirmation_resends',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'orderId', type: 'varchar', length: '36', isNullable: false },
          // Millisecond timestamps on MySQL (its datetime drops them otherwise); SQLite keeps them as text.
          { name: 'at', type: 'datetime', isNullable: false, ...(mysql ? { precision: 3 } : {}) },
          { name: 'who', type: 'varchar', length: '60', isNullable: false },
          { name: 'role', type: 'varchar', length: '16', isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex(
      'confirmation_resends',
      new TableIndex({ name: 'IDX_confirmation_resends_order_at', columnNames: ['orderId', 'at'] }),
    );
    await queryRunner.query("INSERT INTO app_locks (name) VALUES ('confirmation_resends')");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM app_locks WHERE name = 'confirmation_resends'");
    await queryRunner.dropTable('confirmation_resends');
  }
}
