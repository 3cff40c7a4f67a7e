import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One seat's meal row of a party order (docs/meals.md): the meal, the allergens ticked and the
 * other dietary needs. Seats are numbered from 1 in the order the buyer listed them; a refund of
 * tickets takes the highest-numbered seats off the kitchen's counts (the row stays).
 */
@Entity('party_order_guests')
@Index('IDX_party_order_guests_event', ['eventId'])
export class PartyOrderGuestEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  orderId!: string;

  /** 1-based, within the order. */
  @PrimaryColumn({ type: 'integer' })
  seat!: number;

  /** The order's season, so a season's kitchen reads only its own rows. */
  @Column({ type: 'integer' })
  eventId!: number;

  @Column({ type: 'varchar', length: 80, nullable: true })
  name!: string | null;

  @Column({ type: 'varchar', length: 40 })
  meal!: string;

  /** The allergens ticked, as a JSON array of the season's allergen names. */
  @Column({ type: 'text' })
  allergens!: string;

  /** `Other dietary needs`, up to 200 characters. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  note!: string | null;

  /** When the row was last chosen or changed: after `Meal choices close` it is late for the kitchen. */
  @Column({ type: 'datetime' })
  chosenAt!: Date;
}
