import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A card a party buyer asked to keep for drinks at the party (docs/guest-account.md, "The card
 * kept for drinks"): made when the box is ticked (the gateway customer), filled in with the card
 * once the order is paid, forgotten on request or at the season's end. The `Open my drinks tab`
 * link's token is kept only as its hash.
 */
@Entity('kept_cards')
export class KeptCardEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** The party order it was kept with: one kept card per order. */
  @Column({ type: 'varchar', length: 36 })
  orderId!: string;

  /** The party (season) of that order. */
  @Column({ type: 'integer' })
  eventId!: number;

  @Column({ type: 'varchar', length: 160 })
  customerName!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  customerEmail!: string | null;

  @Column({ type: 'varchar', length: 255 })
  customerId!: string;

  /** Set once the order is paid with the card kept; until then nothing can be charged. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  paymentMethodId!: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  brand!: string | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  last4!: string | null;

  /** SHA-256 of the link's token. */
  @Column({ type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ type: 'datetime' })
  createdAt!: Date;

  /** When it was forgotten (detached at the gateway): it can never be used again. */
  @Column({ type: 'datetime', nullable: true })
  forgottenAt!: Date | null;
}
