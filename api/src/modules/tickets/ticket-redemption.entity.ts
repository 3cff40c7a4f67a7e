import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { StaffRole } from '@festival/contracts';

/** `entry`: guests admitted at the door; `drink`: complimentary drinks handed over at the bar. */
export type RedemptionKind = 'entry' | 'drink';

/**
 * One admission (or one complimentary-drink redemption) of a party order: how many guests (or
 * drinks), when, and by whom. The id is the caller's admissionId when it sent one, so a retried
 * upload of the same admission is recognised and changes nothing.
 */
@Entity('ticket_redemptions')
@Index('IDX_ticket_redemptions_order_kind', ['orderId', 'kind'])
export class TicketRedemptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  orderId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: RedemptionKind;

  @Column({ type: 'integer' })
  count!: number;

  @Column({ type: 'datetime' })
  at!: Date;

  /** `Manager`, or the device's name: the door (or bar) that did it. */
  @Column({ type: 'varchar', length: 60 })
  who!: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  role!: StaffRole | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  deviceId!: string | null;

  /** Made by a door page while offline and uploaded later: `at` is the device's clock. */
  @Column({ type: 'boolean', default: false })
  offline!: boolean;
}
