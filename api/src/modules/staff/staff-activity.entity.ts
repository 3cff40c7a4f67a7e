import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { StaffAction, StaffRole } from '@festival/contracts';

/** One line of the activity log: who did what to what, and when. */
@Entity('staff_activity')
export class StaffActivityEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  id!: number;

  @Column({ type: 'datetime' })
  at!: Date;

  /** `Manager`, the device's name, or `Unknown`. */
  @Column({ type: 'varchar', length: 60 })
  who!: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  role!: StaffRole | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  deviceId!: string | null;

  @Column({ type: 'varchar', length: 40 })
  action!: StaffAction;

  @Column({ type: 'varchar', length: 200, nullable: true })
  object!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  detail!: string | null;

  /** The id of the order (or other row) the entry is about, to read a row's history by; null when none. */
  @Index('IDX_staff_activity_subject')
  @Column({ type: 'varchar', length: 36, nullable: true })
  subjectId!: string | null;
}
