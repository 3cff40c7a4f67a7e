import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lock of the site configuration's saves (the Restaurant and Event sections, docs/settings.md),
 * apart from the party lock that ticket holds and the Tickets section's saves take.
 */
export class SettingsLock1764000000000 implements MigrationInterface {
  name = 'SettingsLock1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("INSERT INTO app_locks (name) VALUES ('settings')");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM app_locks WHERE name = 'settings'");
  }
}
