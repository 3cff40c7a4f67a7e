import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { DrinkTabStatus, Language } from '@festival/contracts';

/** A guest's tab: a saved card, the orders put on it, and one charge when it closes. */
@Entity('drink_tabs')
export class DrinkTabEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** The party (season) it belongs to: the one on sale when it was made. */
  @Column({ type: 'integer' })
  eventId!: number;

  /** SHA-256 of the secret only the guest's phone holds. */
  @Column({ type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: DrinkTabStatus;

  @Column({ type: 'varchar', length: 160 })
  customerName!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  customerEmail!: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  customerPhone!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  tableNumber!: string | null;

  /** The language the guest ordered in (docs/languages.md): its e-mails are in it, staff see it. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  @Column({ type: 'varchar', length: 255, nullable: true })
  gatewayCustomerId!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  setupIntentId!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  paymentMethodId!: string | null;

  @Column({ type: 'datetime', nullable: true })
  openedAt!: Date | null;

  /** Charge attempts started; each new attempt gets a new idempotency key. */
  @Column({ type: 'integer', default: 0 })
  closeAttempts!: number;

  /** The idempotency key of the current charge attempt; kept when its outcome is unknown. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  chargeKey!: string | null;

  @Column({ type: 'datetime', nullable: true })
  closingSince!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  lastChargeError!: string | null;

  @Column({ type: 'datetime', nullable: true })
  lastChargeAttemptAt!: Date | null;

  /** Set when the end-of-party close picked the tab up (it tries each tab once). */
  @Column({ type: 'datetime', nullable: true })
  autoCloseTriedAt!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  chargePaymentIntentId!: string | null;

  /** The amounts of the charge, fixed when the closing starts. */
  @Column({ type: 'integer', nullable: true })
  subtotalCents!: number | null;

  @Column({ type: 'integer', nullable: true })
  taxCents!: number | null;

  @Column({ type: 'integer', nullable: true })
  chargedCents!: number | null;

  /** The guest's tip choice as JSON (`Tip`), used when the tab closes; null: no tip. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  tipChoice!: string | null;

  /** The tip charged with the tab (part of `chargedCents`), fixed when the closing starts. */
  @Column({ type: 'integer', nullable: true })
  tipCents!: number | null;

  @Column({ type: 'datetime', nullable: true })
  closedAt!: Date | null;

  /** Refunded of its payment so far, in cents: by the site, or in the gateway's dashboard (by webhook). */
  @Column({ type: 'integer', default: 0 })
  refundedCents!: number;

  /** When the last refund was recorded. */
  @Column({ type: 'datetime', nullable: true })
  refundedAt!: Date | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  closedBy!: 'staff' | 'auto' | 'bar' | 'guest' | null;

  /** What the tab may run up (with tax), in cents: TAB_LIMIT_CENTS when opened, raised by the bar. */
  @Column({ type: 'integer', default: 15000 })
  limitCents!: number;

  /** The party order whose kept card it was opened on (`POST /api/drink-tab/from-ticket`), else null. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  ticketOrderId!: string | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt!: Date;
}
