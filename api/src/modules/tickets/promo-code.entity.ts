import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A promo code (docs/settings.md): its percent off, an optional limit of paid orders and end, and
 * a switch. Its uses are not stored: they are the paid orders that carry its code.
 */
@Entity('promo_codes')
@Index('UQ_promo_codes_code', ['code'], { unique: true })
export class PromoCodeEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** Upper-case and trimmed, unique. */
  @Column({ type: 'varchar', length: 40 })
  code!: string;

  /** 1 to 100. */
  @Column({ type: 'integer' })
  percentOff!: number;

  /** Paid orders allowed with this code; null: no limit. */
  @Column({ type: 'integer', nullable: true })
  maxUses!: number | null;

  /** From this moment on the code is expired; null: no end. */
  @Column({ type: 'datetime', nullable: true })
  validUntil!: Date | null;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ type: 'datetime' })
  createdAt!: Date;

  @Column({ type: 'datetime' })
  updatedAt!: Date;
}
