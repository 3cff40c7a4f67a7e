import type { Language, PartyPaymentMethod } from '@festival/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * `pending`: tickets held until `holdExpiresAt` while the buyer pays; `paid`; `cancelled` (the
 * payment could not start); `refunding`/`refunded` (paid after the hold lapsed and the party had
 * sold out meanwhile, or every ticket refunded; docs/refunds.md). A partly refunded order stays
 * `paid` with fewer valid tickets. A pending order past its hold no longer counts against capacity.
 */
export type PartyOrderStatus = 'pending' | 'paid' | 'cancelled' | 'refunding' | 'refunded';

/** Confirmation e-mail: `none` until paid, then `pending` -> `sending` -> `sent` (or `failed`). */
/** The tickets of an order still valid: bought and not refunded (a row read with `select` may lack the refunded counts). */
export function validTicketsOf(
  o: Pick<PartyOrderEntity, 'adultTickets' | 'childTickets' | 'refundedAdults' | 'refundedChildren'> & { extraSeats?: number },
): number {
  return o.adultTickets - (o.refundedAdults ?? 0) + o.childTickets - (o.refundedChildren ?? 0) + (o.extraSeats ?? 0);
}

export type EmailStatus = 'none' | 'pending' | 'sending' | 'sent' | 'failed';

@Entity('party_orders')
export class PartyOrderEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** The party (season) it belongs to: the one on sale when it was made. */
  @Column({ type: 'integer' })
  eventId!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: PartyOrderStatus;

  @Column({ type: 'varchar', length: 160 })
  customerName!: string;

  @Column({ type: 'varchar', length: 254 })
  customerEmail!: string;

  @Column({ type: 'varchar', length: 30 })
  customerPhone!: string;

  /** The language the tickets were bought in (docs/languages.md): its e-mails are in it, staff see it. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  @Column({ type: 'integer' })
  adultTickets!: number;

  @Column({ type: 'integer' })
  childTickets!: number;

  @Column({ type: 'integer' })
  adultPriceCents!: number;

  @Column({ type: 'integer' })
  childPriceCents!: number;

  @Column({ type: 'integer' })
  subtotalCents!: number;

  @Column({ type: 'integer' })
  groupDiscountPercent!: number;

  @Column({ type: 'integer' })
  groupDiscountCents!: number;

  @Column({ type: 'varchar', length: 40, nullable: true })
  promoCode!: string | null;

  @Column({ type: 'integer' })
  promoDiscountPercent!: number;

  @Column({ type: 'integer' })
  promoDiscountCents!: number;

  @Column({ type: 'integer' })
  taxCents!: number;

  @Column({ type: 'integer' })
  totalCents!: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  paymentIntentId!: string | null;

  /** SHA-256 (hex) of the payment's client secret: the proof the browser that paid holds (payments/order-lifecycle/payment-secret.ts). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  clientSecretHash!: string | null;

  /** Why a payment that came after the hold was released or lapsed was refunded (`the party sold out`), shown to the buyer and the staff. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  failureReason!: string | null;

  @Column({ type: 'datetime' })
  holdExpiresAt!: Date;

  @Column({ type: 'datetime', nullable: true })
  paidAt!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  refundId!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  analyticsSessionId!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'none' })
  emailStatus!: EmailStatus;

  @Column({ type: 'integer', default: 0 })
  emailAttempts!: number;

  @Column({ type: 'datetime', nullable: true })
  emailNextAttemptAt!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  emailClaimedAt!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  emailLastError!: string | null;

  /** Tickets and cents refunded so far (docs/refunds.md): the valid tickets are the rest. */
  @Column({ type: 'integer', default: 0 })
  refundedAdults!: number;

  @Column({ type: 'integer', default: 0 })
  refundedChildren!: number;

  @Column({ type: 'integer', default: 0 })
  refundedCents!: number;

  /**
   * The seats its tickets of the season's other types still admit (docs/ticket-types.md: a table
   * for 8 is 8), refunded ones not counted: with the adults and children, what capacity and the
   * door count.
   */
  @Column({ type: 'integer', default: 0 })
  extraSeats!: number;

  /** When the confirmation e-mail was last sent, or given up on (`failed`). */
  @Column({ type: 'datetime', nullable: true })
  emailSettledAt!: Date | null;

  /** The client address the order was started from (what nginx saw), for the per-client hold cap. */
  @Column({ type: 'varchar', length: 45, nullable: true })
  clientAddress!: string | null;

  /** Complimentary (`Add guests`): no payment, a $0 total, and the manager's reason (docs/door.md). */
  @Column({ type: 'boolean', default: false })
  comp!: boolean;

  @Column({ type: 'varchar', length: 200, nullable: true })
  compReason!: string | null;

  /** `card` (online, or at the door through the gateway), `cash` (at the door) or `comp`. */
  @Column({ type: 'varchar', length: 8, default: 'card' })
  paymentMethod!: PartyPaymentMethod;

  /** The staff client's id of the request that made it (comps, door sales): unique, so a repeat makes nothing more. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  requestId!: string | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt!: Date;

  /** The seats it was held for: adults, children and its other types' seats (docs/ticket-types.md). */
  get ticketCount(): number {
    return this.adultTickets + this.childTickets + this.extraSeats;
  }

  /** The tickets still valid: bought and not refunded. */
  get validTickets(): number {
    return validTicketsOf(this);
  }
}
