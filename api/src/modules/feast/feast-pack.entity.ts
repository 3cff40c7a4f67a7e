import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A feast pack of an event, in the order guests see them (docs/feast-packs.md). */
@Entity('feast_packs')
@Index('IDX_feast_packs_event', ['eventId', 'position'])
export class FeastPackEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'integer' })
  eventId!: number;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  @Column({ type: 'varchar', length: 500 })
  description!: string;

  @Column({ type: 'integer' })
  priceCents!: number;

  @Column({ type: 'boolean' })
  vegetarian!: boolean;

  /** Hidden packs stay on the orders that have them but are no longer offered. */
  @Column({ type: 'boolean', default: false })
  hidden!: boolean;

  @Column({ type: 'integer' })
  position!: number;
}
