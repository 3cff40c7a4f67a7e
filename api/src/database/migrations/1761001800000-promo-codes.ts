import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Promo codes with their own percent, limit, end and switch (docs/settings.md), and the index
 * their uses are counted with (an order keeps the code it was sold with). The codes of
 * `PROMO_CODES` are filled into the empty table at start, not here.
 */
export class PromoCodes1761001800000 implements MigrationInterface {
  name = 'PromoCodes1761001800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql' || queryRunner.connection.options.type === 'mariadb';
    // Millisecond timestamps on MySQL (its datetime drops them otherwise); SQLite keeps them as text.
    const precision = mysql ? { precision: 3 } : {};
    await queryRunner.createTable(
      new Table({
        name: 'promo_codes',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'code', type: 'varchar', length: '40', isNullable: false },
          { name: 'percentOff', type: 'integer', isNullable: false },
          { name: 'maxUses', type: 'integer', isNullable: true },
          { name: 'validUntil', type: 'datetime', isNullable: true, ...precision },
          { name: 'active', type: 'boolean', isNullable: false, default: true },
          { name: 'createdAt', type: 'datetime', isNullable: false, ...precision },
          { name: 'updatedAt', type: 'datetime', isNullable: false, ...precision },
        ],
      }),
    );
    await queryRunner.createIndex('promo_codes', new TableIndex({ name: 'UQ_promo_codes_code', columnNames: ['code'], isUnique: true }));
    await queryRunner.createIndex(
      'party_orders',
      new TableIndex({ name: 'IDX_party_orders_promoCode', columnNames: ['promoCode', 'status', 'holdExpiresAt'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('party_orders', 'IDX_party_orders_promoCode');
    await queryRunner.dropTable('promo_codes');
  }
}
