import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PaymentDisputeStatus } from '@festival/contracts';

/**
 * A chargeback on one of the site's payments, as the gateway's webhook last reported it
 * (docs/reports.md, Disputes). Keyed by the gateway's dispute id; found by its payment.
 */
@Entity('payment_disputes')
@Index('IDX_payment_disputes_payment', ['paymentIntentId'])
export class PaymentDisputeEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'varchar', length: 255 })
  paymentIntentId!: string;

  @Column({ type: 'integer' })
  amountCents!: number;

  /** `open`, then `won` or `lost`: never open again once decided. */
  @Column({ type: 'varchar', length: 8 })
  status!: PaymentDisputeStatus;

  /** The gateway's own status (`needs_response`, `under_review`, `won`, `lost`...). */
  @Column({ type: 'varchar', length: 40 })
  gatewayStatus!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  reason!: string | null;

  /** When the bank opened it (the gateway's date). */
  @Column({ type: 'datetime' })
  openedAt!: Date;

  /** When the site learnt it was decided. */
  @Column({ type: 'datetime', nullable: true })
  closedAt!: Date | null;

  @Column({ type: 'datetime' })
  updatedAt!: Date;
}
