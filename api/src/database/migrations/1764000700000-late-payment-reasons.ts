import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Why a late payment was refunded (docs/RELIABILITY.md, "Late payments"): a party or feast order
 * whose hold was released or had lapsed is honoured only as a new order would be at that moment;
 * otherwise it is refunded, and `failureReason` says why (the buyer's answer and e-mail, the
 * staff's timeline), as drinks orders already keep it.
 */
export class LatePaymentReasons1764000700000 implements MigrationInterface {
  name = 'LatePaymentReasons1764000700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['party_orders', 'feast_orders']) {
      await queryRunner.addColumn(table, new TableColumn({ name: 'failureReason', type: 'varchar', length: '255', isNullable: true }));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['feast_orders', 'party_orders']) await queryRunner.dropColumn(table, 'failureReason');
  }
}
