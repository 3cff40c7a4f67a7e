import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Ticket types (docs/ticket-types.md): each season's types beyond the adult and child tickets the
 * `Tickets` section prices (a VIP table for 8, a family bundle), with their own price, seats per
 * ticket, capacity, sale window and early-bird steps; an order's tickets of those types as lines
 * of their own; and the seats those lines admit, kept on the order so that capacity and the door
 * count them as they count adults and children; a refund's tickets of those types. The built-in adult and child rows are made for
 * each season when it is first read.
 */
export class TicketTypes1764000800000 implements MigrationInterface {
  name = 'TicketTypes1764000800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'ticket_types',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'eventId', type: 'integer', isNullable: false },
          { name: 'builtIn', type: 'varchar', length: '8', isNullable: true },
          { name: 'name', type: 'varchar', length: '60', isNullable: false },
          { name: 'description', type: 'varchar', length: '200', isNullable: false, default: "''" },
          { name: 'priceCents', type: 'integer', isNullable: false, default: 0 },
          { name: 'seats', type: 'integer', isNullable: false, default: 1 },
          { name: 'capacity', type: 'integer', isNullable: true },
          { name: 'salesStart', type: 'varchar', length: '40', isNullable: true },
          { name: 'salesEnd', type: 'varchar', length: '40', isNullable: true },
          { name: 'priceSteps', type: 'varchar', length: '1000', isNullable: false, default: "'[]'" },
          { name: 'hidden', type: 'boolean', isNullable: false, default: false },
          { name: 'position', type: 'integer', isNullable: false, default: 0 },
        ],
        indices: [{ name: 'IDX_ticket_types_event', columnNames: ['eventId', 'position'] }],
        uniques: [{ name: 'UQ_ticket_types_built_in', columnNames: ['eventId', 'builtIn'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'party_order_items',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'orderId', type: 'varchar', length: '36', isNullable: false },
          { name: 'typeId', type: 'integer', isNullable: false },
          { name: 'name', type: 'varchar', length: '60', isNullable: false },
          { name: 'seats', type: 'integer', isNullable: false },
          { name: 'quantity', type: 'integer', isNullable: false },
          { name: 'unitPriceCents', type: 'integer', isNullable: false },
          { name: 'refundedQuantity', type: 'integer', isNullable: false, default: 0 },
        ],
        indices: [
          { name: 'IDX_party_order_items_order', columnNames: ['orderId'] },
          { name: 'IDX_party_order_items_type', columnNames: ['typeId'] },
        ],
      }),
    );
    await queryRunner.addColumn('party_orders', new TableColumn({ name: 'extraSeats', type: 'integer', isNullable: false, default: 0 }));
    await queryRunner.addColumn(
      'party_refunds',
      new TableColumn({ name: 'items', type: 'varchar', length: '1000', isNullable: false, default: "'[]'" }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('party_refunds', 'items');
    await queryRunner.dropColumn('party_orders', 'extraSeats');
    await queryRunner.dropTable('party_order_items');
    await queryRunner.dropTable('ticket_types');
  }
}
