import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { BarOrderStatus, Language } from '@festival/contracts';

/**
 * `pending`: a pay-now order waiting for its payment; `paid`; `tab` (put on an open tab, no
 * payment of its own); `cancelled` (the payment could not start); `refunding`/`refunded` (paid,
 * but a drink sold out before the order could be placed).
 */
export type DrinkOrderStatus = 'pending' | 'paid' | 'tab' | 'cancelled' | 'refunding' | 'refunded';

/** One line of an order, priced from the menu when the order was made. */
export interface DrinkOrderLine {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

@Entity('drink_orders')
export class DrinkOrderEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** The party (season) it belongs to: the one on sale when it was made. */
  @Column({ type: 'integer' })
  eventId!: number;

  /** The bar's order number, given when the order reaches the bar (paid, or put on a tab). */
  @Column({ type: 'integer', nullable: true })
  number!: number | null;

  @Column({ type: 'varchar', length: 16 })
  status!: DrinkOrderStatus;

  @Column({ type: 'varchar', length: 16, default: 'new' })
  barStatus!: BarOrderStatus;

  @Column({ type: 'varchar', length: 36, nullable: true })
  tabId!: string | null;

  @Column({ type: 'varchar', length: 160 })
  customerName!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  customerEmail!: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  customerPhone!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  tableNumber!: string | null;

  /** The language the guest ordered in (docs/languages.md): its e-mails are in it, staff see it. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  /** The lines as JSON (`DrinkOrderLine[]`): an order never changes once made. */
  @Column({ type: 'text' })
  items!: string;

  @Column({ type: 'integer' })
  subtotalCents!: number;

  @Column({ type: 'integer' })
  taxCents!: number;

  /** What the card was charged: subtotal + tax + tip. */
  @Column({ type: 'integer' })
  totalCents!: number;

  /** The guest's tip (not taxed), part of `totalCents`. */
  @Column({ type: 'integer', default: 0 })
  tipCents!: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  paymentIntentId!: string | null;

  /** SHA-256 (hex) of the payment's client secret: what lets the guest's phone follow the order. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  clientSecretHash!: string | null;

  /** When the order reached the bar's queue. */
  @Column({ type: 'datetime', nullable: true })
  placedAt!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  refundId!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  failureReason!: string | null;

  /** Refunded of its payment so far, in cents: by the site, or in the gateway's dashboard (by webhook). */
  @Column({ type: 'integer', default: 0 })
  refundedCents!: number;

  /** When the last refund was recorded. */
  @Column({ type: 'datetime', nullable: true })
  refundedAt!: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updatedAt!: Date;

  get lines(): DrinkOrderLine[] {
    return JSON.parse(this.items) as DrinkOrderLine[];
  }
}
