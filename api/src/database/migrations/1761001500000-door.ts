import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The door: admissions and complimentary-drink redemptions of party orders, and the lock their
 * read-check-write runs under. Ticket codes are not stored: they are Ed25519 signatures of the
 * order id, computed when needed, so every order paid before this migration has its code too.
 */
export class Door1761001500000 implements MigrationInterface {
  name = 'Door1761001500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql' || queryRunner.connection.options.type === 'mariadb';
    await queryRunner.createTable(
      new Table({
        name: 'ticket_redemptions',
        columns: [
          // The caller's admissionId (or a generated one): a retried upload finds its row.
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'orderId', type: 'varchar', length: '36', isNullable: false },
          { name: 'kind', type: 'varchar', length: '16', isNullable: false },
          { name: 'count', type: 'integer', isNullable: false },
          { name: 'at', type: 'datetime', isNullable: false, ...(mysql ? { precision: 3 } : {}) },
          { name: 'who', type: 'varchar', length: '60', isNullable: false },
          { name: 'role', type: 'varchar', length: '16', isNullable: true },
          { name: 'deviceId', type: 'varchar', length: '36', isNullable: true },
          // Made by a door page while offline and uploaded later (`at` is the device's time).
          { name: 'offline', type: 'boolean', isNullable: false, default: false },
        ],
      }),
    );
    await queryRunner.createIndex(
      'ticket_redemptions',
      new TableIndex({ name: 'IDX_ticket_redemptions_order_kind', columnNames: ['orderId', 'kind'] }),
    );
    await queryRunner.query("INSERT INTO app_locks (name) VALUES ('door')");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM app_locks WHERE name = 'door'");
    await queryRunner.dropTable('ticket_redemptions');
  }
}
