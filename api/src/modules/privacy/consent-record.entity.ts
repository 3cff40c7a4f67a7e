import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** The guest forms that ask for consent to news. */
export const CONSENT_PAGES = ['party', 'feast', 'waitlist'] as const;
export type ConsentPage = (typeof CONSENT_PAGES)[number];

/**
 * One answer to `Send me news about the restaurant's events`, as given on a form
 * (docs/privacy.md): ticked or not, when, on which page, under which privacy policy version,
 * and for which order or waitlist entry. An unticked box is recorded too (what was asked), but
 * never withdraws an earlier yes: that is the unsubscribe link's job.
 */
@Entity('consent_records')
@Index('IDX_consent_records_email', ['email'])
export class ConsentRecordEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  id!: number;

  /** Lower-cased. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone!: string | null;

  @Column({ type: 'boolean' })
  agreed!: boolean;

  @Column({ type: 'varchar', length: 16 })
  page!: ConsentPage;

  /** The privacy policy's version shown beside the box (docs/privacy.md). */
  @Column({ type: 'varchar', length: 40 })
  policyVersion!: string;

  /** The season the form belonged to. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  seasonId!: string | null;

  /** The party order, feast order or waitlist entry the answer came with. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  subjectId!: string | null;

  @Column({ type: 'datetime' })
  createdAt!: Date;
}
