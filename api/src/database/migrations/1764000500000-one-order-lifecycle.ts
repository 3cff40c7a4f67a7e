import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * One order lifecycle (docs/architecture.md, "The money path"): party and feast orders keep the
 * hash of their payment's client secret, as drinks orders already do, so the payment-secret check
 * needs the gateway only for orders started before; party refunds keep their e-mail's claim time
 * in `emailClaimedAt`, the column every row of the one e-mail outbox has.
 */
export class OneOrderLifecycle1764000500000 implements MigrationInterface {
  name = 'OneOrderLifecycle1764000500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    const ms = type === 'mysql' || type === 'mariadb' ? { precision: 3 } : {};
    for (const table of ['party_orders', 'feast_orders']) {
      await queryRunner.addColumn(table, new TableColumn({ name: 'clientSecretHash', type: 'varchar', length: '64', isNullable: true }));
    }
    await queryRunner.addColumn('party_refunds', new TableColumn({ name: 'emailClaimedAt', type: 'datetime', isNullable: true, ...ms }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('party_refunds', 'emailClaimedAt');
    for (const table of ['feast_orders', 'party_orders']) await queryRunner.dropColumn(table, 'clientSecretHash');
  }
}
