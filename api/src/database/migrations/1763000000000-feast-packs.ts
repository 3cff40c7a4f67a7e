import { randomUUID } from 'node:crypto';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { DEFAULT_FEAST_PACKS } from '@festival/contracts';

/**
 * Feast pack pre-orders (docs/feast-packs.md): each event's packs and pickup times, the event's
 * `Pre-orders open` switch (off), and what a pre-order needs beyond the staff table's columns:
 * its state, pickup time, price, payment, confirmation e-mail and pickup. Existing orders are
 * paid orders without a pickup time row; every existing event gets the two packs of docs/product.md.
 */
export class FeastPacks1763000000000 implements MigrationInterface {
  name = 'FeastPacks1763000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql' || queryRunner.connection.options.type === 'mariadb';
    const precision = mysql ? { precision: 3 } : {};
    await queryRunner.createTable(
      new Table({
        name: 'feast_packs',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'eventId', type: 'integer', isNullable: false },
          { name: 'name', type: 'varchar', length: '80', isNullable: false },
          { name: 'description', type: 'varchar', length: '500', isNullable: false },
          { name: 'priceCents', type: 'integer', isNullable: false },
          { name: 'vegetarian', type: 'boolean', isNullable: false },
          { name: 'hidden', type: 'boolean', isNullable: false, default: false },
          { name: 'position', type: 'integer', isNullable: false },
        ],
        indices: [{ name: 'IDX_feast_packs_event', columnNames: ['eventId', 'position'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'feast_pickup_slots',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'eventId', type: 'integer', isNullable: false },
          { name: 'date', type: 'varchar', length: '10', isNullable: false },
          { name: 'time', type: 'varchar', length: '5', isNullable: false },
          { name: 'capacity', type: 'integer', isNullable: false },
        ],
        indices: [{ name: 'IDX_feast_pickup_slots_event', columnNames: ['eventId', 'date', 'time'] }],
      }),
    );
    await queryRunner.addColumn(
      'events',
      new TableColumn({ name: 'feastPreordersOpen', type: 'boolean', isNullable: false, default: false }),
    );
    await queryRunner.addColumns('feast_orders', [
      new TableColumn({ name: 'status', type: 'varchar', length: '16', isNullable: false, default: "'paid'" }),
      new TableColumn({ name: 'slotId', type: 'varchar', length: '36', isNullable: true }),
      new TableColumn({ name: 'packCount', type: 'integer', isNullable: false, default: 0 }),
      new TableColumn({ name: 'subtotalCents', type: 'integer', isNullable: false, default: 0 }),
      new TableColumn({ name: 'taxCents', type: 'integer', isNullable: false, default: 0 }),
      new TableColumn({ name: 'paymentIntentId', type: 'varchar', length: '255', isNullable: true }),
      new TableColumn({ name: 'holdExpiresAt', type: 'datetime', isNullable: true, ...precision }),
      new TableColumn({ name: 'paidAt', type: 'datetime', isNullable: true, ...precision }),
      new TableColumn({ name: 'refundId', type: 'varchar', length: '255', isNullable: true }),
      new TableColumn({ name: 'analyticsSessionId', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'clientAddress', type: 'varchar', length: '45', isNullable: true }),
      new TableColumn({ name: 'emailStatus', type: 'varchar', length: '16', isNullable: false, default: "'none'" }),
      new TableColumn({ name: 'emailAttempts', type: 'integer', isNullable: false, default: 0 }),
      new TableColumn({ name: 'emailNextAttemptAt', type: 'datetime', isNullable: true, ...precision }),
      new TableColumn({ name: 'emailClaimedAt', type: 'datetime', isNullable: true, ...precision }),
      new TableColumn({ name: 'emailLastError', type: 'varchar', length: '255', isNullable: true }),
      new TableColumn({ name: 'pickedUpAt', type: 'datetime', isNullable: true, ...precision }),
      new TableColumn({ name: 'pickedUpBy', type: 'varchar', length: '120', isNullable: true }),
    ]);
    await queryRunner.createIndex(
      'feast_orders',
      new TableIndex({ name: 'IDX_feast_orders_slot', columnNames: ['slotId', 'status', 'holdExpiresAt'] }),
    );
    await queryRunner.createIndex('feast_orders', new TableIndex({ name: 'IDX_feast_orders_payment', columnNames: ['paymentIntentId'] }));
    await queryRunner.createIndex(
      'feast_orders',
      new TableIndex({ name: 'IDX_feast_orders_email', columnNames: ['emailStatus', 'emailNextAttemptAt'] }),
    );

    // The row FEAST_LOCK takes on MySQL.
    await queryRunner.query("INSERT INTO app_locks (name) VALUES ('feast')");

    const events = (await queryRunner.query('SELECT id FROM events')) as { id: number }[];
    for (const event of events) {
      for (const [position, pack] of DEFAULT_FEAST_PACKS.entries()) {
        await queryRunner.query(
          'INSERT INTO feast_packs (id, eventId, name, description, priceCents, vegetarian, hidden, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [randomUUID(), event.id, pack.name, pack.description, pack.price, pack.vegetarian, false, position],
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of ['IDX_feast_orders_email', 'IDX_feast_orders_payment', 'IDX_feast_orders_slot']) {
      await queryRunner.dropIndex('feast_orders', index);
    }
    for (const column of [
      'pickedUpBy',
      'pickedUpAt',
      'emailLastError',
      'emailClaimedAt',
      'emailNextAttemptAt',
      'emailAttempts',
      'emailStatus',
      'clientAddress',
      'analyticsSessionId',
      'refundId',
      'paidAt',
      'holdExpiresAt',
      'paymentIntentId',
      'taxCents',
      'subtotalCents',
      'packCount',
      'slotId',
      'status',
    ]) {
      await queryRunner.dropColumn('feast_orders', column);
    }
    await queryRunner.dropColumn('events', 'feastPreordersOpen');
    await queryRunner.dropTable('feast_pickup_slots');
    await queryRunner.dropTable('feast_packs');
    await queryRunner.query("DELETE FROM app_locks WHERE name = 'feast'");
  }
}
