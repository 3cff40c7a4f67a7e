import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { FeastOrderStatus, Language } from '@festival/contracts';
import type { EmailStatus } from '../mail/mail-outbox.js';

export type { FeastOrderStatus };

/**
 * `pending` holds its packs against the pickup time until `holdExpiresAt`; `paid` once the
 * payment is confirmed; `cancelled` (a released hold, or cancelled by the staff), `refunding`
 * then `refunded` (a late payment the full pickup time could not honour, or a staff refund).
 * Orders from before pre-orders could be placed are `paid`, without a pickup time row.
 */
@Entity('feast_orders')
@Index('IDX_feast_orders_slot', ['slotId', 'status', 'holdExpiresAt'])
@Index('IDX_feast_orders_payment', ['paymentIntentId'])
export class FeastOrderEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** The party (season) it belongs to: the one on sale when it was made. */
  @Column({ type: 'integer' })
  eventId!: number;

  @Column({ type: 'varchar', length: 16, default: 'paid' })
  status!: FeastOrderStatus;

  @Column({ type: 'varchar', length: 160 })
  customerName!: string;

  @Column({ type: 'varchar', length: 254 })
  customerEmail!: string;

  @Column({ type: 'varchar', length: 30 })
  customerPhone!: string;

  /** The language the packs were pre-ordered in (docs/languages.md): its e-mails are in it. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  /** The pickup time the packs are held against; null on orders from before pre-orders. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  slotId!: string | null;

  /** As shown to staff: `Saturday, October 17, 2026`. */
  @Column({ type: 'varchar', length: 40 })
  pickupDate!: string;

  /** As shown to staff: `11:00 AM`. */
  @Column({ type: 'varchar', length: 40 })
  pickupTime!: string;

  /** JSON: `[{ packId?, name, quantity, price? }]` (price in cents, as sold). */
  @Column({ type: 'text' })
  items!: string;

  /** The packs of the order, all lines together: what it holds of its pickup time. */
  @Column({ type: 'integer', default: 0 })
  packCount!: number;

  @Column({ type: 'integer', default: 0 })
  subtotalCents!: number;

  @Column({ type: 'integer', default: 0 })
  taxCents!: number;

  @Column({ type: 'integer' })
  totalCents!: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  paymentIntentId!: string | null;

  /** SHA-256 (hex) of the payment's client secret: the proof the browser that paid holds (payments/order-lifecycle/payment-secret.ts). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  clientSecretHash!: string | null;

  /** Why a payment that came after the hold was released or lapsed was refunded (`the party sold out`), shown to the buyer and the staff. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  failureReason!: string | null;

  @Column({ type: 'datetime', nullable: true })
  holdExpiresAt!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  paidAt!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  refundId!: string | null;

  /** Refunded of its payment so far, in cents: by the site, or in the gateway's dashboard (by webhook). */
  @Column({ type: 'integer', default: 0 })
  refundedCents!: number;

  /** When the last refund was recorded. */
  @Column({ type: 'datetime', nullable: true })
  refundedAt!: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  analyticsSessionId!: string | null;

  @Column({ type: 'varchar', length: 45, nullable: true })
  clientAddress!: string | null;

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
  pickedUpAt!: Date | null;

  /** Who marked it picked up (the staff member or device, as on the activity log). */
  @Column({ type: 'varchar', length: 120, nullable: true })
  pickedUpBy!: string | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;
}
