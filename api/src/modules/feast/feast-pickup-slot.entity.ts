import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A pickup time of an event, with how many packs it can hand out. */
@Entity('feast_pickup_slots')
@Index('IDX_feast_pickup_slots_event', ['eventId', 'date', 'time'])
export class FeastPickupSlotEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'integer' })
  eventId!: number;

  /** `YYYY-MM-DD` in the restaurant's time zone. */
  @Column({ type: 'varchar', length: 10 })
  date!: string;

  /** `HH:MM`, 24-hour. */
  @Column({ type: 'varchar', length: 5 })
  time!: string;

  /** Packs per pickup time: paid packs and live holds never exceed it. */
  @Column({ type: 'integer' })
  capacity!: number;
}
