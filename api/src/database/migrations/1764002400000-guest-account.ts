import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * My tickets (docs/guest-account.md): `guest_links`, one row per link asked for (the hash
 * of the e-mail, and for an address with tickets its e-mail, the hash of the one-use token and
 * the link e-mail's outbox columns), and `guest_sessions`, the signed-in guests by the hash of
 * their cookie.
 */
export class GuestAccount1764002400000 implements MigrationInterface {
  name = 'GuestAccount1764002400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    const ms = type === 'mysql' || type === 'mariadb' ? { precision: 3 } : {};
    await queryRunner.createTable(
      new Table({
        name: 'guest_links',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'emailHash', type: 'varchar', length: '64', isNullable: false },
          { name: 'email', type: 'varchar', length: '254', isNullable: true },
          { name: 'tokenHash', type: 'varchar', length: '64', isNullable: true },
          { name: 'createdAt', type: 'datetime', isNullable: false, ...ms },
          { name: 'expiresAt', type: 'datetime', isNullable: false, ...ms },
          { name: 'usedAt', type: 'datetime', isNullable: true, ...ms },
          { name: 'emailStatus', type: 'varchar', length: '16', isNullable: false, default: "'none'" },
          { name: 'emailAttempts', type: 'integer', isNullable: false, default: 0 },
          { name: 'emailNextAttemptAt', type: 'datetime', isNullable: true, ...ms },
          { name: 'emailClaimedAt', type: 'datetime', isNullable: true, ...ms },
          { name: 'emailLastError', type: 'varchar', length: '255', isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex(
      'guest_links',
      new TableIndex({ name: 'IDX_guest_links_email', columnNames: ['emailHash', 'createdAt'] }),
    );
    await queryRunner.createIndex(
      'guest_links',
      new TableIndex({ name: 'UQ_guest_links_token', columnNames: ['tokenHash'], isUnique: true }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'guest_sessions',
        columns: [
          { name: 'tokenHash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'email', type: 'varchar', length: '254', isNullable: false },
          { name: 'createdAt', type: 'datetime', isNullable: false, ...ms },
          { name: 'expiresAt', type: 'datetime', isNullable: false, ...ms },
        ],
      }),
    );
    await queryRunner.createIndex('guest_sessions', new TableIndex({ name: 'IDX_guest_sessions_expires', columnNames: ['expiresAt'] }));
    // The lock the per-e-mail limit is counted under, across replicas.
    await queryRunner.query("INSERT INTO app_locks (name) VALUES ('guest_links')");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM app_locks WHERE name = 'guest_links'");
    await queryRunner.dropTable('guest_sessions');
    await queryRunner.dropTable('guest_links');
  }
}
