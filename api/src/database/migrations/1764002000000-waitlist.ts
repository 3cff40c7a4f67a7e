import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The party waitlist (docs/waitlist.md): one `waitlist_entries` row per guest and season, in line
 * by `place`, with its live offer (seats, end, the hash of the link's token, the order made with
 * it) and the offer e-mail's outbox columns.
 */
export class Waitlist1764002000000 implements MigrationInterface {
  name = 'Waitlist1764002000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    const ms = type === 'mysql' || type === 'mariadb' ? { precision: 3 } : {};
    await queryRunner.createTable(
      new Table({
        name: 'waitlist_entries',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'eventId', type: 'integer', isNullable: false },
          { name: 'place', type: 'integer', isNullable: false },
          { name: 'name', type: 'varchar', length: '160', isNullable: false },
          { name: 'email', type: 'varchar', length: '254', isNullable: false },
          { name: 'tickets', type: 'integer', isNullable: false },
          { name: 'status', type: 'varchar', length: '16', isNullable: false },
          { name: 'offeredTickets', type: 'integer', isNullable: false, default: 0 },
          { name: 'offers', type: 'integer', isNullable: false, default: 0 },
          { name: 'offerTokenHash', type: 'varchar', length: '64', isNullable: true },
          { name: 'offerExpiresAt', type: 'datetime', isNullable: true, ...ms },
          { name: 'orderId', type: 'varchar', length: '36', isNullable: true },
          { name: 'joinedAt', type: 'datetime', isNullable: false, ...ms },
          { name: 'emailStatus', type: 'varchar', length: '16', isNullable: false, default: "'none'" },
          { name: 'emailAttempts', type: 'integer', isNullable: false, default: 0 },
          { name: 'emailNextAttemptAt', type: 'datetime', isNullable: true, ...ms },
          { name: 'emailClaimedAt', type: 'datetime', isNullable: true, ...ms },
          { name: 'emailLastError', type: 'varchar', length: '255', isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex(
      'waitlist_entries',
      new TableIndex({ name: 'UQ_waitlist_entries_email', columnNames: ['eventId', 'email'], isUnique: true }),
    );
    await queryRunner.createIndex(
      'waitlist_entries',
      new TableIndex({ name: 'IDX_waitlist_entries_line', columnNames: ['eventId', 'status', 'place'] }),
    );
    await queryRunner.createIndex(
      'waitlist_entries',
      new TableIndex({ name: 'UQ_waitlist_entries_offer', columnNames: ['offerTokenHash'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('waitlist_entries');
  }
}
