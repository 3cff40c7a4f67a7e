import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A payment or setup intent of the simulated gateway (it keeps them like Stripe would). */
@Entity('simulated_payments')
export class SimulatedPaymentEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  /** `payment`, `setup`, or `refund` (of the payment in `customerId`). */
  @Column({ type: 'varchar', length: 16 })
  kind!: string;

  @Column({ type: 'varchar', length: 128 })
  clientSecret!: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  idempotencyKey!: string | null;

  @Column({ type: 'integer', default: 0 })
  amountCents!: number;

  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ type: 'text' })
  metadata!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  lastError!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  customerId!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  paymentMethodId!: string | null;

  /** Of a payment: the cents refunded so far (never more than amountCents). */
  @Column({ type: 'integer', default: 0 })
  refundedCents!: number;

  @Column({ type: 'datetime', nullable: true })
  refundedAt!: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt!: Date;
}
