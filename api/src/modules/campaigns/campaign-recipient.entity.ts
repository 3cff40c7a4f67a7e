import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Where one recipient of one campaign stands:
 * - `pending`: not sent yet (or waiting for a retry until `nextAttemptAt`);
 * - `sending`: claimed by the sender `claimedBy` at `claimedAt`, in the SMTP conversation now;
 * - `sent`, `failed` (with `lastError`), `skipped` (on the suppression list; `lastError` holds
 *   its reason: `unsubscribed`, `bounced` or `erased`): final.
 */
export const RECIPIENT_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

@Entity('campaign_recipients')
export class CampaignRecipientEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 36 })
  campaignId!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: RecipientStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'datetime', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  claimedBy!: string | null;

  @Column({ type: 'datetime', nullable: true })
  claimedAt!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  sentAt!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  messageId!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;
}
