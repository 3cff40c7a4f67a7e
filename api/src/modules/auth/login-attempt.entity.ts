import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Login attempts of one client address in the current window (see TypeormThrottlerStorage). */
@Entity('login_attempts')
export class LoginAttemptEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  bucket!: string;

  @Column({ type: 'integer', default: 0 })
  hits!: number;

  @Column({ type: 'datetime' })
  windowEndsAt!: Date;

  @Column({ type: 'datetime', nullable: true })
  blockedUntil!: Date | null;
}
