import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Language } from '@festival/contracts';
import type { EmailStatus } from '../mail/mail-outbox.js';

/**
 * One `Send me a link` of My tickets (docs/guest-account.md). Every request is a row, so the
 * per-e-mail limit counts them across replicas: an address without tickets keeps only the hash
 * of the e-mail and is sent nothing; an address with tickets keeps its e-mail, the hash of the
 * link's token (one use, 30 minutes) and the link e-mail's outbox columns. Rows are swept a day
 * after they were made.
 */
@Entity('guest_links')
@Index('IDX_guest_links_email', ['emailHash', 'createdAt'])
@Index('UQ_guest_links_token', ['tokenHash'], { unique: true })
export class GuestLinkEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** SHA-256 of the lower-case e-mail asked for. */
  @Column({ type: 'varchar', length: 64 })
  emailHash!: string;

  /** Lower-case; only when a link was e-mailed. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  tokenHash!: string | null;

  /** The language of the page the link was asked on (docs/languages.md): its e-mail is in it. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  @Column({ type: 'datetime' })
  createdAt!: Date;

  @Column({ type: 'datetime' })
  expiresAt!: Date;

  /** When the link signed in (it signs in once). */
  @Column({ type: 'datetime', nullable: true })
  usedAt!: Date | null;

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
}
