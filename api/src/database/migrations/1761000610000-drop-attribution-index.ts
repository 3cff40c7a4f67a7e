import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The events' attribution index (isBot, source, medium, campaign, type) served only the
 * attribution report's grouping, which now reads `analytics_attribution`: dropped, so each
 * stored event updates one index fewer. Refilling the counters reads the events without it
 * (1.9 s instead of 0.9 s on MariaDB at a million events).
 */
export class DropAttributionIndex1761000610000 implements MigrationInterface {
  name = 'DropAttributionIndex1761000610000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('analytics_events', 'IDX_analytics_events_attribution');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'analytics_events',
      new TableIndex({
        name: 'IDX_analytics_events_attribution',
        columnNames: ['isBot', 'attributionSource', 'attributionMedium', 'attributionCampaign', 'eventType'],
      }),
    );
  }
}
