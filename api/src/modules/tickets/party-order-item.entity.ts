import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An order's tickets of one of the season's other types (docs/ticket-types.md): adult and child
 * tickets stay the order's own counts. The name, seats and price are kept as they were sold.
 */
@Entity('party_order_items')
export class PartyOrderItemEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 36 })
  orderId!: string;

  @Column({ type: 'integer' })
  typeId!: number;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ type: 'integer' })
  seats!: number;

  @Column({ type: 'integer' })
  quantity!: number;

  /** The price of one ticket at the moment of the order (an early-bird step, or the type's price). */
  @Column({ type: 'integer' })
  unitPriceCents!: number;

  @Column({ type: 'integer', default: 0 })
  refundedQuantity!: number;
}
