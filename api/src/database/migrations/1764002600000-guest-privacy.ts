import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Guests' data (docs/privacy.md): `consent_records`, every answer to the news box with its page,
 * time and policy version; and `email_suppressions`, the one suppression list across campaigns
 * and seasons, which takes over the campaigns' unsubscribes (kept, as `unsubscribed`).
 */
export class GuestPrivacy1764002600000 implements MigrationInterface {
  name = 'GuestPrivacy1764002600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    const ms = type === 'mysql' || type === 'mariadb' ? { precision: 3 } : {};
    await queryRunner.createTable(
      new Table({
        name: 'consent_records',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'email', type: 'varchar', length: '254', isNullable: false },
          { name: 'phone', type: 'varchar', length: '32', isNullable: true },
          { name: 'agreed', type: 'boolean', isNullable: false },
          { name: 'page', type: 'varchar', length: '16', isNullable: false },
          { name: 'policyVersion', type: 'varchar', length: '40', isNullable: false },
          { name: 'seasonId', type: 'varchar', length: '36', isNullable: true },
          { name: 'subjectId', type: 'varchar', length: '36', isNullable: true },
          { name: 'createdAt', type: 'datetime', isNullable: false, ...ms },
        ],
      }),
    );
    await queryRunner.createIndex('consent_records', new TableIndex({ name: 'IDX_consent_records_email', columnNames: ['email'] }));
    await queryRunner.createTable(
      new Table({
        name: 'email_suppressions',
        columns: [
          { name: 'email', type: 'varchar', length: '254', isPrimary: true },
          { name: 'reason', type: 'varchar', length: '16', isNullable: false },
          { name: 'detail', type: 'varchar', length: '500', isNullable: true },
          { name: 'createdAt', type: 'datetime', isNullable: false, ...ms },
        ],
      }),
    );
    await queryRunner.query(
      "INSERT INTO email_suppressions (email, reason, detail, createdAt) SELECT LOWER(email), 'unsubscribed', NULL, MIN(createdAt) FROM campaign_unsubscribes GROUP BY LOWER(email)",
    );
    await queryRunner.dropTable('campaign_unsubscribes');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    const ms = type === 'mysql' || type === 'mariadb' ? { precision: 3 } : {};
    await queryRunner.createTable(
      new Table({
        name: 'campaign_unsubscribes',
        columns: [
          { name: 'email', type: 'varchar', length: '254', isPrimary: true },
          { name: 'createdAt', type: 'datetime', isNullable: false, ...ms },
        ],
      }),
    );
    await queryRunner.query(
      "INSERT INTO campaign_unsubscribes (email, createdAt) SELECT email, createdAt FROM email_suppressions WHERE reason = 'unsubscribed'",
    );
    await queryRunner.dropTable('email_suppressions');
    await queryRunner.dropTable('consent_records');
  }
}
