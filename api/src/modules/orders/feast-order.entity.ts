import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('feast_orders')
export class FeastOrderEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** The party (season) it belongs to: the one on sale when it was made. */
  @Column({ type: 'integer' })
  eventId!: number;

  @Column({ type: 'varchar', length: 160 })
  customerName!: string;

  @Column({ type: 'varchar', length: 254 })
  customerEmail!: string;

  @Column({ type: 'varchar', length: 30 })
  customerPhone!: string;

  @Column({ type: 'varchar', length: 40 })
  pickupDate!: string;

  @Column({ type: 'varchar', length: 40 })
  pickupTime!: string;

  /** JSON: `[{ name, quantity }]`. */
  @Column({ type: 'text' })
  items!: string;

  @Column({ type: 'integer' })
  totalCents!: number;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;
}
