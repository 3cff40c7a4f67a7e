import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { StaffRole } from '@festival/contracts';
import type { EmailStatus } from '../mail/mail-outbox.js';

/** Tickets of one of the order's other types in a refund. */
export interface RefundItem {
  typeId: number;
  quantity: number;
}

/** `pending` while the gateway is asked, then `succeeded` or `failed` (the gateway refused: nothing changed). */
export type PartyRefundStatus = 'pending' | 'succeeded' | 'failed';
/** `staff`: a manager's refund; `gateway`: a refund made at the gateway (Stripe's dashboard) that arrived by webhook. */
export type PartyRefundSource = 'staff' | 'gateway';
/** The refund e-mail (the mail outbox's states): `none` until the refund succeeded, then `pending` -> `sending` -> `sent` (or `failed`). */
export type RefundEmailStatus = EmailStatus;

/** One refund of a party order, whole or partial (docs/refunds.md). */
@Entity('party_refunds')
@Index('UQ_party_refunds_idempotencyKey', ['idempotencyKey'], { unique: true })
@Index('IDX_party_refunds_order', ['orderId', 'at'])
@Index('IDX_party_refunds_email', ['emailStatus'])
export class PartyRefundEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  orderId!: string;

  /** Tickets it released (none for a refund of money alone made at the gateway). */
  @Column({ type: 'integer' })
  adults!: number;

  @Column({ type: 'integer' })
  children!: number;

  /** Tickets of the order's other types it refunds, `[{ typeId, quantity }]` as JSON (docs/ticket-types.md). */
  @Column({
    type: 'varchar',
    length: 1000,
    default: '[]',
    transformer: {
      to: (items: RefundItem[] | undefined) => JSON.stringify(items ?? []),
      from: (raw: string | null) => (raw ? (JSON.parse(raw) as RefundItem[]) : []),
    },
  })
  items!: RefundItem[];

  @Column({ type: 'integer' })
  amountCents!: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  gatewayRefundId!: string | null;

  /** The client's key (the same click sent twice is one refund), or the webhook event's. */
  @Column({ type: 'varchar', length: 80 })
  idempotencyKey!: string;

  @Column({ type: 'varchar', length: 16 })
  source!: PartyRefundSource;

  @Column({ type: 'varchar', length: 60 })
  who!: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  role!: StaffRole | null;

  @Column({ type: 'datetime' })
  at!: Date;

  @Column({ type: 'varchar', length: 16 })
  status!: PartyRefundStatus;

  /** Why the gateway refused it. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  error!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'none' })
  emailStatus!: RefundEmailStatus;

  @Column({ type: 'integer', default: 0 })
  emailAttempts!: number;

  @Column({ type: 'datetime', nullable: true })
  emailNextAttemptAt!: Date | null;

  /** When a sender claimed the e-mail (`sending`); a claim left this long by a dead sender is taken again. */
  @Column({ type: 'datetime', nullable: true })
  emailClaimedAt!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  emailLastError!: string | null;
}
