import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The activity log's subject: the id of the order (or other row) an entry is about, so an order's
 * history is read by that id. Entries written before stay without one.
 */
export class ActivitySubject1764000100000 implements MigrationInterface {
  name = 'ActivitySubject1764000100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('staff_activity', new TableColumn({ name: 'subjectId', type: 'varchar', length: '36', isNullable: true }));
    await queryRunner.createIndex('staff_activity', new TableIndex({ name: 'IDX_staff_activity_subject', columnNames: ['subjectId'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('staff_activity', 'IDX_staff_activity_subject');
    await queryRunner.dropColumn('staff_activity', 'subjectId');
  }
}
