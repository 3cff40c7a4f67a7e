import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

/**
 * Staff access: device passes (door and bar phones), the activity log, and the login attempts
 * counted per client address, shared by every API replica and kept across restarts.
 */
export class StaffAccess1761001400000 implements MigrationInterface {
  name = 'StaffAccess1761001400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql' || queryRunner.connection.options.type === 'mariadb';
    // Millisecond timestamps on MySQL (its datetime drops them otherwise); SQLite keeps them as text.
    const moment = (name: string, isNullable: boolean): TableColumnOptions => ({
      name,
      type: 'datetime',
      isNullable,
      ...(mysql ? { precision: 3 } : {}),
    });

    await queryRunner.createTable(
      new Table({
        name: 'staff_devices',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'name', type: 'varchar', length: '60', isNullable: false },
          { name: 'role', type: 'varchar', length: '16', isNullable: false },
          // SHA-256 of the pass secret (hex): the secret itself is shown once and never stored.
          { name: 'passHash', type: 'varchar', length: '64', isNullable: false },
          moment('passExpiresAt', false),
          moment('signedInAt', true),
          moment('lastSeenAt', true),
          moment('revokedAt', true),
          moment('createdAt', false),
        ],
      }),
    );
    await queryRunner.createIndex(
      'staff_devices',
      new TableIndex({ name: 'UQ_staff_devices_passHash', columnNames: ['passHash'], isUnique: true }),
    );
    await queryRunner.createIndex('staff_devices', new TableIndex({ name: 'IDX_staff_devices_createdAt', columnNames: ['createdAt'] }));

    await queryRunner.createTable(
      new Table({
        name: 'staff_activity',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          moment('at', false),
          { name: 'who', type: 'varchar', length: '60', isNullable: false },
          { name: 'role', type: 'varchar', length: '16', isNullable: true },
          { name: 'deviceId', type: 'varchar', length: '36', isNullable: true },
          { name: 'action', type: 'varchar', length: '40', isNullable: false },
          { name: 'object', type: 'varchar', length: '200', isNullable: true },
          { name: 'detail', type: 'varchar', length: '500', isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex('staff_activity', new TableIndex({ name: 'IDX_staff_activity_who', columnNames: ['who'] }));
    await queryRunner.createIndex('staff_activity', new TableIndex({ name: 'IDX_staff_activity_action', columnNames: ['action'] }));

    await queryRunner.createTable(
      new Table({
        name: 'login_attempts',
        columns: [
          // The throttler's key: a hash of the route and the client address (64 hex characters).
          { name: 'bucket', type: 'varchar', length: '64', isPrimary: true },
          { name: 'hits', type: 'integer', isNullable: false, default: 0 },
          moment('windowEndsAt', false),
          moment('blockedUntil', true),
        ],
      }),
    );
    await queryRunner.createIndex(
      'login_attempts',
      new TableIndex({ name: 'IDX_login_attempts_windowEndsAt', columnNames: ['windowEndsAt'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('login_attempts');
    await queryRunner.dropTable('staff_activity');
    await queryRunner.dropTable('staff_devices');
  }
}
