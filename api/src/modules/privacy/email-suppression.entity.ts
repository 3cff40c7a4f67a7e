import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Why an address receives no more campaigns. */
export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'erased'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * One suppression list across campaigns and seasons (docs/privacy.md): an address that
 * unsubscribed, that the mail server refused with a permanent (5xx) error, or whose guest was
 * erased. Every later campaign skips it. The first reason stays.
 */
@Entity('email_suppressions')
export class EmailSuppressionEntity {
  /** Lower-cased. */
  @PrimaryColumn({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 16 })
  reason!: SuppressionReason;

  /** The mail server's answer for a bounce (clipped); null otherwise. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  detail!: string | null;

  @Column({ type: 'datetime' })
  createdAt!: Date;
}
