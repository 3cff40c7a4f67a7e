import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The manager's `Drinks menu` (docs/drinks.md) can hide a drink: it stays in the table (orders
 * name it by id) but is left off the guests' menu and refused at checkout. Every existing drink
 * stays shown.
 */
export class DrinksMenuHidden1761001900000 implements MigrationInterface {
  name = 'DrinksMenuHidden1761001900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('drinks', new TableColumn({ name: 'hidden', type: 'boolean', isNullable: false, default: false }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('drinks', 'hidden');
  }
}
