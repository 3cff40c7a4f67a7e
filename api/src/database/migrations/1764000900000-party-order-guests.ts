import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Meals and dietary needs (docs/meals.md): one row per seat of a party order whose season asks
 * meals. The Meals settings themselves are a `settings` row (section `meals`) and need no table.
 */
export class PartyOrderGuests1764000900000 implements MigrationInterface {
  name = 'PartyOrderGuests1764000900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'party_order_guests',
        columns: [
          { name: 'orderId', type: 'varchar', length: '36', isPrimary: true },
          { name: 'seat', type: 'integer', isPrimary: true },
          { name: 'eventId', type: 'integer' },
          { name: 'name', type: 'varchar', length: '80', isNullable: true },
          { name: 'meal', type: 'varchar', length: '40' },
          { name: 'allergens', type: 'text' },
          { name: 'note', type: 'varchar', length: '200', isNullable: true },
          { name: 'chosenAt', type: 'datetime' },
        ],
      }),
    );
    await queryRunner.createIndex('party_order_guests', new TableIndex({ name: 'IDX_party_order_guests_event', columnNames: ['eventId'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('party_order_guests');
  }
}
