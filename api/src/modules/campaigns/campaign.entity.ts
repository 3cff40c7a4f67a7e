import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CampaignStatus } from '@festival/contracts';

@Entity('campaigns')
export class CampaignEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  /** HTML, a handlebars template; images as data URIs. */
  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: CampaignStatus;

  @Column({ type: 'varchar', length: 500, nullable: true })
  failureReason!: string | null;

  @Column({ type: 'datetime' })
  createdAt!: Date;

  @Column({ type: 'datetime', nullable: true })
  startedAt!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  finishedAt!: Date | null;
}
