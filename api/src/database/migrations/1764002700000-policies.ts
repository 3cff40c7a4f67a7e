import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `policy_versions` (docs/privacy.md, "Policies and consent"): each saved version of a season's
 * privacy policy and ticket terms, its Markdown and the HTML rendered from it.
 */
export class Policies1764002700000 implements MigrationInterface {
  name = 'Policies1764002700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    const mysql = type === 'mysql' || type === 'mariadb';
    const ms = mysql ? { precision: 3 } : {};
    await queryRunner.createTable(
      new Table({
        name: 'policy_versions',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'seasonId', type: 'integer', isNullable: false },
          { name: 'kind', type: 'varchar', length: '16', isNullable: false },
          { name: 'version', type: 'integer', isNullable: false },
          { name: 'markdown', type: mysql ? 'mediumtext' : 'text', isNullable: false },
          { name: 'html', type: mysql ? 'mediumtext' : 'text', isNullable: false },
          { name: 'savedAt', type: 'datetime', isNullable: false, ...ms },
          { name: 'savedBy', type: 'varchar', length: '60', isNullable: false },
        ],
      }),
    );
    await queryRunner.createIndex(
      'policy_versions',
      new TableIndex({ name: 'IDX_policy_versions_season_kind_version', columnNames: ['seasonId', 'kind', 'version'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('policy_versions');
  }
}
