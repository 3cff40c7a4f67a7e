import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { EmailStatus } from '../../mail/mail-outbox.js';

/** Why a receipt was sent: the order paid, the tab closed and charged, staff's `Resend receipt`, a refund. */
export type DrinkReceiptReason = 'paid' | 'closed' | 'resend' | 'refund';

/**
 * One itemised receipt e-mail of a pay-now drinks order or of a tab, in the mail outbox. The
 * message is written from the order or tab as it is when it goes out.
 */
@Entity('drink_receipts')
export class DrinkReceiptEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36, nullable: true })
  orderId!: string | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  tabId!: string | null;

  @Column({ type: 'varchar', length: 16 })
  reason!: DrinkReceiptReason;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 16, default: 'none' })
  emailStatus!: EmailStatus;

  @Column({ type: 'integer', default: 0 })
  emailAttempts!: number;

  @Column({ type: 'datetime', nullable: true })
  emailNextAttemptAt!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  emailClaimedAt!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  emailLastError!: string | null;

  @Column({ type: 'datetime', nullable: true })
  emailSettledAt!: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;
}
