import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { orderReference, orderSeats, uuidToBytes, type GuestMeal, type OrderSeat } from '@festival/contracts';
import { SeasonsService } from '../seasons/seasons.service.js';
import { PartyMeals } from './meals/party-meals.service.js';
import { linesOf } from './party-order-lines.js';
import { PartyOrderEntity } from './party-order.entity.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

/** One ticket of an order, as its page of the PDF names it. */
export interface GuestTicket {
  /** `Adult`, `Child`, a type's name (`VIP Table`). */
  kind: string;
  /** The guest's name: the meal row's of its first seat, else the buyer's. */
  guestName: string;
  seats: number;
}

/** A guest's order as My tickets shows it (docs/guest-account.md). */
export interface GuestOrder {
  orderId: string;
  reference: string;
  status: 'paid' | 'refunded';
  createdAt: Date;
  totalCents: number;
  customerName: string;
  /** One entry per ticket kind: `{ label: '2 × Adult', seats: 2 }` (a refunded order: what it had). */
  tickets: { label: string; seats: number }[];
  /** Every valid ticket, one by one (none for a refunded order). */
  validTickets: GuestTicket[];
  guests: GuestMeal[];
}

/**
 * The orders of one e-mail address in the season on sale, for the guest signed in on My tickets
 * with that address: only paid or refunded orders, never another address's.
 */
@Injectable()
export class GuestOrders {
  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    private readonly seasons: SeasonsService,
    private readonly meals: PartyMeals,
  ) {}

  /** Whether `email` has a paid or refunded order in the season on sale (the link is mailed only then). */
  async hasOrders(email: string): Promise<boolean> {
    return (await this.rowsOf(email)).length > 0;
  }

  /** The address's paid or refunded orders in the season on sale, newest first. */
  async ordersOf(email: string): Promise<GuestOrder[]> {
    const rows = await this.rowsOf(email);
    return Promise.all(rows.map((row) => this.toGuestOrder(row)));
  }

  /** One of the address's orders (404 for any other, or another season's). */
  async orderOf(email: string, orderId: string): Promise<GuestOrder> {
    const row = uuidToBytes(orderId) ? await this.orders.findOneBy({ id: orderId.toLowerCase(), status: In(['paid', 'refunded']) }) : null;
    const eventId = await this.seasons.readCurrentId(this.orders.manager);
    if (!row || row.customerEmail.toLowerCase() !== email || row.eventId !== eventId)
      throw new GuestRefusal(404, GUEST_REFUSALS.partyOrderNotFound);
    return this.toGuestOrder(row);
  }

  /** A paid order's valid tickets (409 for a refunded one: it has no tickets left). */
  async paidOrderOf(email: string, orderId: string): Promise<GuestOrder> {
    const order = await this.orderOf(email, orderId);
    if (order.status !== 'paid' || order.validTickets.length === 0) {
      throw new ConflictException('This order was refunded, so it has no tickets');
    }
    return order;
  }

  private async rowsOf(email: string): Promise<PartyOrderEntity[]> {
    const eventId = await this.seasons.readCurrentId(this.orders.manager);
    // E-mails are stored lower-case by checkout; staff corrections are lower-cased too.
    return this.orders.find({
      where: { customerEmail: email, eventId, status: In(['paid', 'refunded']) },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
  }

  private async toGuestOrder(row: PartyOrderEntity): Promise<GuestOrder> {
    const lines = await linesOf(this.orders.manager, row.id);
    const guests = await this.meals.guestsOf(row, this.orders.manager);
    const refunded = row.status === 'refunded';
    const kinds = [
      { name: 'Adult', quantity: row.adultTickets, refunded: row.refundedAdults, seats: 1 },
      { name: 'Child', quantity: row.childTickets, refunded: row.refundedChildren, seats: 1 },
      ...lines.map((line) => ({ name: line.name, quantity: line.quantity, refunded: line.refundedQuantity, seats: line.seats })),
    ];
    const tickets = kinds.flatMap((kind) => {
      const count = refunded ? kind.quantity : kind.quantity - kind.refunded;
      return count > 0 ? [{ label: `${count} × ${kind.name}`, seats: count * kind.seats }] : [];
    });
    const seats: OrderSeat[] = refunded ? [] : orderSeats({ ...row, lines });
    const nameOfSeat = new Map(guests.map((guest) => [guest.seat, guest.name]));
    const validTickets = seats
      .filter((seat) => seat.valid && seat.place === 1)
      .map((seat) => ({ kind: seat.ticket, guestName: nameOfSeat.get(seat.seat) || row.customerName, seats: seat.ticketSeats }));
    return {
      orderId: row.id,
      reference: orderReference(row.id),
      status: refunded ? 'refunded' : 'paid',
      createdAt: row.createdAt,
      totalCents: row.totalCents,
      customerName: row.customerName,
      tickets,
      validTickets,
      guests,
    };
  }
}
