import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The card kept for drinks (docs/guest-account.md): one `kept_cards` row per party order whose
 * buyer ticked `Keep my card for drinks at the party`, and on `drink_tabs` the order a tab was
 * opened from (`ticketOrderId`: the bar's `From ticket`, one open tab per ticket order).
 */
export class KeptCards1764002300000 implements MigrationInterface {
  name = 'KeptCards1764002300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    const ms = type === 'mysql' || type === 'mariadb' ? { precision: 3 } : {};
    await queryRunner.createTable(
      new Table({
        name: 'kept_cards',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'orderId', type: 'varchar', length: '36', isNullable: false },
          { name: 'eventId', type: 'integer', isNullable: false },
          { name: 'customerName', type: 'varchar', length: '160', isNullable: false },
          { name: 'customerEmail', type: 'varchar', length: '254', isNullable: true },
          { name: 'customerId', type: 'varchar', length: '255', isNullable: false },
          { name: 'paymentMethodId', type: 'varchar', length: '255', isNullable: true },
          { name: 'brand', type: 'varchar', length: '32', isNullable: true },
          { name: 'last4', type: 'varchar', length: '4', isNullable: true },
          { name: 'tokenHash', type: 'varchar', length: '64', isNullable: false },
          { name: 'createdAt', type: 'datetime', isNullable: false, ...ms },
          { name: 'forgottenAt', type: 'datetime', isNullable: true, ...ms },
        ],
      }),
    );
    await queryRunner.createIndex('kept_cards', new TableIndex({ name: 'UQ_kept_cards_order', columnNames: ['orderId'], isUnique: true }));
    await queryRunner.createIndex(
      'kept_cards',
      new TableIndex({ name: 'UQ_kept_cards_token', columnNames: ['tokenHash'], isUnique: true }),
    );
    await queryRunner.createIndex('kept_cards', new TableIndex({ name: 'IDX_kept_cards_event', columnNames: ['eventId', 'forgottenAt'] }));
    await queryRunner.addColumn('drink_tabs', new TableColumn({ name: 'ticketOrderId', type: 'varchar', length: '36', isNullable: true }));
    await queryRunner.createIndex(
      'drink_tabs',
      new TableIndex({ name: 'IDX_drink_tabs_ticket_order', columnNames: ['ticketOrderId', 'status'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('drink_tabs', 'IDX_drink_tabs_ticket_order');
    await queryRunner.dropColumn('drink_tabs', 'ticketOrderId');
    await queryRunner.dropTable('kept_cards');
  }
}
