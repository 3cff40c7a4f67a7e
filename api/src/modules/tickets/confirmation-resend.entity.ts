import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { StaffRole } from '@festival/contracts';

/**
 * One resend of a paid order's confirmation e-mail, asked for by its guest (`who` is `Guest`,
 * `role` null) or by the manager. The guests' limit counts these rows, so it holds across API
 * replicas and restarts.
 */
@Entity('confirmation_resends')
@Index('IDX_confirmation_resends_order_at', ['orderId', 'at'])
export class ConfirmationResendEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 36 })
  orderId!: string;

  @Column({ type: 'datetime' })
  at!: Date;

  @Column({ type: 'varchar', length: 60 })
  who!: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  role!: StaffRole | null;
}
