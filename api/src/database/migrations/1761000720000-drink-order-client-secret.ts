import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A pay-now order keeps the SHA-256 of its payment's client secret: the guest's phone shows it to
 * follow the order through the bar (`GET /api/drink-orders/:orderId/status`), so the order id
 * alone reveals nothing. Orders made before this migration have none and cannot be followed.
 */
export class DrinkOrderClientSecret1761000720000 implements MigrationInterface {
  name = 'DrinkOrderClientSecret1761000720000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'drink_orders',
      new TableColumn({ name: 'clientSecretHash', type: 'varchar', length: '64', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('drink_orders', 'clientSecretHash');
  }
}
