import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * One guest's data (docs/privacy.md): `analytics_events.gpc` marks an event whose browser sent
 * Global Privacy Control, so the server's events of the same session stay unlinked too.
 */
export class GuestData1764002900000 implements MigrationInterface {
  name = 'GuestData1764002900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('analytics_events', new TableColumn({ name: 'gpc', type: 'boolean', isNullable: false, default: false }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('analytics_events', 'gpc');
  }
}
