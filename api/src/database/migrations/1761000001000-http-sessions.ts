import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Staff sessions, shared by every API replica and kept across restarts. */
export class HttpSessions1761000001000 implements MigrationInterface {
  name = 'HttpSessions1761000001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'http_sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '128', isPrimary: true },
          { name: 'data', type: 'text', isNullable: false },
          { name: 'expiresAt', type: 'datetime', isNullable: false },
        ],
      }),
    );
    await queryRunner.createIndex('http_sessions', new TableIndex({ name: 'IDX_http_sessions_expiresAt', columnNames: ['expiresAt'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('http_sessions');
  }
}
