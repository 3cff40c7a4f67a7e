import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Language, WaitlistStatus } from '@festival/contracts';
import type { EmailStatus } from '../../mail/mail-outbox.js';

/**
 * A guest waiting for tickets of a sold-out party (docs/waitlist.md): one per e-mail address and
 * season, in line by `place`. An offer holds `offeredTickets` seats until `offerExpiresAt`; its
 * link's token is kept only as a hash, and its e-mail goes through the mail outbox columns.
 */
@Entity('waitlist_entries')
@Index('UQ_waitlist_entries_email', ['eventId', 'email'], { unique: true })
@Index('IDX_waitlist_entries_line', ['eventId', 'status', 'place'])
@Index('UQ_waitlist_entries_offer', ['offerTokenHash'], { unique: true })
export class WaitlistEntryEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'integer' })
  eventId!: number;

  /** The order of the line: lower is earlier. Kept when the same e-mail joins again while in line. */
  @Column({ type: 'integer' })
  place!: number;

  @Column({ type: 'varchar', length: 160 })
  name!: string;

  /** Lower-case. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /**
   * The language the guest joined in (docs/languages.md): the offer's e-mail is in it, and so
   * are the tickets bought with the offer's link when their page names none.
   */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  /** Seats wanted: all or none. */
  @Column({ type: 'integer' })
  tickets!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: WaitlistStatus;

  /** The seats the live (or last) offer holds. */
  @Column({ type: 'integer', default: 0 })
  offeredTickets!: number;

  /** How many offers this entry has had: the offer's link is signed with it. */
  @Column({ type: 'integer', default: 0 })
  offers!: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  offerTokenHash!: string | null;

  @Column({ type: 'datetime', nullable: true })
  offerExpiresAt!: Date | null;

  /** The order started with the offer's link (its seats are within the offer's). */
  @Column({ type: 'varchar', length: 36, nullable: true })
  orderId!: string | null;

  @Column({ type: 'datetime' })
  joinedAt!: Date;

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
