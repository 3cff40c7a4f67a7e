import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A declined card: one row per gateway event (a replayed webhook adds nothing), with the client
 * address and e-mail the payment was started from. Counted over the last hour to stop card
 * testing (see PaymentDeclines); rows older than a day are deleted.
 */
@Entity('payment_declines')
@Index('IDX_payment_declines_client', ['clientAddress', 'declinedAt'])
@Index('IDX_payment_declines_email', ['email', 'declinedAt'])
export class PaymentDeclineEntity {
  /** The gateway event's id. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  /** The payment or card set-up that was declined. */
  @Column({ type: 'varchar', length: 255 })
  intentId!: string;

  @Column({ type: 'varchar', length: 45 })
  clientAddress!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ type: 'datetime' })
  declinedAt!: Date;
}
