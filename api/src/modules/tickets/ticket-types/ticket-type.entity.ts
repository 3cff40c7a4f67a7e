import type { BuiltInTicketType, PriceStep } from '@festival/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A season's ticket type (docs/ticket-types.md). `adult` and `child` are built in: their price is
 * the `Tickets` section's, their name and description its age labels; `priceCents` is the type's
 * own price for every other type.
 */
@Entity('ticket_types')
export class TicketTypeEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'integer' })
  eventId!: number;

  @Column({ type: 'varchar', length: 8, nullable: true })
  builtIn!: BuiltInTicketType | null;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  description!: string;

  @Column({ type: 'integer', default: 0 })
  priceCents!: number;

  /** People one ticket admits and counts against the party's capacity. */
  @Column({ type: 'integer', default: 1 })
  seats!: number;

  /** Tickets of this type for sale at most; null: only the party's capacity. */
  @Column({ type: 'integer', nullable: true })
  capacity!: number | null;

  /** ISO 8601 with the offset the manager's time zone had (as the Tickets section keeps its sale window). */
  @Column({ type: 'varchar', length: 40, nullable: true })
  salesStart!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  salesEnd!: string | null;

  /** Early-bird steps, `[{ until, price }]` in order, as JSON. */
  @Column({
    type: 'varchar',
    length: 1000,
    default: '[]',
    transformer: {
      to: (steps: PriceStep[] | undefined) => JSON.stringify(steps ?? []),
      from: (raw: string) => JSON.parse(raw) as PriceStep[],
    },
  })
  priceSteps!: PriceStep[];

  @Column({ type: 'boolean', default: false })
  hidden!: boolean;

  /** Its place on the guest page and in the staff's list. */
  @Column({ type: 'integer', default: 0 })
  position!: number;
}
