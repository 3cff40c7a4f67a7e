import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

/**
 * E-mail campaigns: the campaign, one row per recipient with its delivery state, the addresses
 * that unsubscribed, and the shared send clock that paces every sender to the configured rate.
 */
export class Campaigns1761000310000 implements MigrationInterface {
  name = 'Campaigns1761000310000';

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
        name: 'campaigns',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'name', type: 'varchar', length: '200', isNullable: false },
          { name: 'subject', type: 'varchar', length: '300', isNullable: false },
          // Inline images make the HTML large: MySQL's text stops at 64 KB.
          { name: 'content', type: mysql ? 'mediumtext' : 'text', isNullable: false },
          { name: 'status', type: 'varchar', length: '16', isNullable: false, default: "'draft'" },
          { name: 'failureReason', type: 'varchar', length: '500', isNullable: true },
          moment('createdAt', false),
          moment('startedAt', true),
          moment('finishedAt', true),
        ],
      }),
    );
    await queryRunner.createIndex('campaigns', new TableIndex({ name: 'IDX_campaigns_status', columnNames: ['status'] }));

    await queryRunner.createTable(
      new Table({
        name: 'campaign_recipients',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'campaignId', type: 'varchar', length: '36', isNullable: false },
          { name: 'email', type: 'varchar', length: '254', isNullable: false },
          { name: 'status', type: 'varchar', length: '16', isNullable: false, default: "'pending'" },
          { name: 'attempts', type: 'integer', isNullable: false, default: 0 },
          moment('nextAttemptAt', true),
          { name: 'claimedBy', type: 'varchar', length: '64', isNullable: true },
          moment('claimedAt', true),
          moment('sentAt', true),
          { name: 'messageId', type: 'varchar', length: '255', isNullable: true },
          { name: 'lastError', type: 'varchar', length: '500', isNullable: true },
        ],
        foreignKeys: [
          {
            name: 'FK_campaign_recipients_campaign',
            columnNames: ['campaignId'],
            referencedTableName: 'campaigns',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createIndex(
      'campaign_recipients',
      new TableIndex({ name: 'UQ_campaign_recipients_campaign_email', columnNames: ['campaignId', 'email'], isUnique: true }),
    );
    await queryRunner.createIndex(
      'campaign_recipients',
      new TableIndex({ name: 'IDX_campaign_recipients_campaign_status', columnNames: ['campaignId', 'status'] }),
    );
    await queryRunner.createIndex(
      'campaign_recipients',
      new TableIndex({ name: 'IDX_campaign_recipients_status_claimed', columnNames: ['status', 'claimedAt'] }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'campaign_unsubscribes',
        columns: [{ name: 'email', type: 'varchar', length: '254', isPrimary: true }, moment('createdAt', false)],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'campaign_send_clock',
        columns: [
          { name: 'name', type: 'varchar', length: '32', isPrimary: true },
          // Milliseconds since the epoch before which no sender may start another message.
          { name: 'nextSendAt', type: 'bigint', isNullable: false, default: 0 },
        ],
      }),
    );
    await queryRunner.manager
      .createQueryBuilder()
      .insert()
      .into('campaign_send_clock')
      .values({ name: 'campaigns', nextSendAt: 0 })
      .execute();
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('campaign_send_clock');
    await queryRunner.dropTable('campaign_unsubscribes');
    await queryRunner.dropTable('campaign_recipients');
    await queryRunner.dropTable('campaigns');
  }
}
