import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository } from 'typeorm';
import {
  DOOR_SEARCH_LIMIT,
  orderReference,
  TICKET_CODE_DOMAIN,
  type CheckInStats,
  type DoorSearchResult,
  type DoorSnapshot,
  type DoorSnapshotOrder,
} from '@festival/contracts';
import { SeasonsService } from '../seasons/seasons.service.js';
import { PartyMeals } from '../tickets/meals/party-meals.service.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { adultsOf, admittedCounts, childrenOf, linesByOrder, othersOf, REFUNDED, ticketsOf } from './admissions.js';
import { TicketCodes } from '../codes/ticket-codes.js';
import { TicketRedemptionEntity } from '../tickets/ticket-redemption.entity.js';

/** `%` and `_` typed into a search are literal characters, not LIKE wildcards. */
const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * What the door reads of tonight's guests: `Search guests`, the `Arrived N of M` counter, and
 * the snapshot a door page keeps for scanning offline. Reads only; admissions are CheckInsService's.
 */
@Injectable()
export class DoorGuestsService {
  constructor(
    private readonly codes: TicketCodes,
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    @InjectRepository(TicketRedemptionEntity) private readonly redemptions: Repository<TicketRedemptionEntity>,
    private readonly seasons: SeasonsService,
    private readonly meals: PartyMeals,
  ) {}

  /**
   * `Search guests`: orders that are or were paid, by the buyer's name, e-mail, phone (digits) or
   * reference; a paid one carries its code so the door can admit it from the result.
   */
  async search(query: string): Promise<DoorSearchResult[]> {
    const text = query.trim();
    const digits = text.replace(/\D/g, '');
    const eventId = await this.seasons.currentId();
    const found = await this.orders
      .createQueryBuilder('o')
      .select([
        'o.id',
        'o.status',
        'o.customerName',
        'o.customerPhone',
        'o.adultTickets',
        'o.childTickets',
        'o.refundedAdults',
        'o.refundedChildren',
        'o.extraSeats',
      ])
      .where('o.status IN (:...statuses)', { statuses: ['paid', ...REFUNDED] })
      .andWhere('o.eventId = :eventId', { eventId })
      .andWhere(
        new Brackets((where) => {
          where
            .where("LOWER(o.customerName) LIKE :text ESCAPE '!'", { text: likePattern(text) })
            .orWhere("LOWER(o.customerEmail) LIKE :text ESCAPE '!'")
            .orWhere("LOWER(o.id) LIKE :reference ESCAPE '!'", { reference: `${likePattern(text).slice(1)}` });
        }),
      )
      .orderBy('o.customerName', 'ASC')
      .limit(DOOR_SEARCH_LIMIT)
      .getMany();
    // Phone numbers are matched on their digits, however they were typed: read and compared here.
    if (digits.length >= 4 && found.length < DOOR_SEARCH_LIMIT) {
      const phones = await this.orders.find({
        where: { eventId, status: In(['paid', ...REFUNDED]) },
        select: {
          id: true,
          status: true,
          customerName: true,
          customerPhone: true,
          adultTickets: true,
          childTickets: true,
          refundedAdults: true,
          refundedChildren: true,
          extraSeats: true,
        },
      });
      for (const o of phones) {
        if (o.customerPhone.replace(/\D/g, '').includes(digits) && !found.some((f) => f.id === o.id)) found.push(o);
      }
    }
    const orders = found.slice(0, DOOR_SEARCH_LIMIT);
    const admitted = await this.admittedByOrder(orders.map((o) => o.id));
    const meals = await this.meals.guestsOfOrders(
      orders.map((o) => o.id),
      eventId,
    );
    const lines = await linesByOrder(this.orders.manager, orders);
    return orders.map((o) => ({
      orderId: o.id,
      reference: orderReference(o.id),
      customerName: o.customerName,
      status: o.status === 'paid' ? 'paid' : REFUNDED.includes(o.status) ? 'refunded' : 'not_paid',
      adults: adultsOf(o),
      children: childrenOf(o),
      ...othersOf(lines.get(o.id) ?? []),
      total: ticketsOf(o),
      admitted: admitted.get(o.id)?.count ?? 0,
      code: o.status === 'paid' ? this.codes.codeFor(o.id) : null,
      // Only orders with meal rows carry them (docs/meals.md): the kitchen's words at the door.
      ...(meals.has(o.id) ? { meals: meals.get(o.id)!.filter((guest) => guest.seat <= ticketsOf(o)) } : {}),
    }));
  }

  /** `Arrived N of M`: guests admitted and tickets sold, on the orders that are paid. */
  async stats(): Promise<CheckInStats> {
    const [paid, admitted] = await Promise.all([this.paidOrders(), admittedCounts(this.redemptions.manager)]);
    return {
      arrived: paid.reduce((sum, o) => sum + Math.min(admitted.get(o.id) ?? 0, ticketsOf(o)), 0),
      sold: paid.reduce((sum, o) => sum + ticketsOf(o), 0),
    };
  }

  /** Every paid order with what it has had at the door, and the public key the codes verify with. */
  async snapshot(): Promise<DoorSnapshot> {
    const generatedAt = new Date();
    const paid = await this.paidOrders();
    const admitted = await this.admittedByOrder(paid.map((o) => o.id));
    const lines = await linesByOrder(this.orders.manager, paid);
    const orders: DoorSnapshotOrder[] = paid.map((o) => {
      const entry = admitted.get(o.id);
      return {
        orderId: o.id,
        reference: orderReference(o.id),
        customerName: o.customerName,
        adults: adultsOf(o),
        children: childrenOf(o),
        ...othersOf(lines.get(o.id) ?? []),
        total: ticketsOf(o),
        admitted: entry?.count ?? 0,
        lastCheckedInAt: entry?.last.at.toISOString() ?? null,
        lastDoor: entry?.last.who ?? null,
      };
    });
    orders.sort((a, b) => a.reference.localeCompare(b.reference));
    return {
      generatedAt: generatedAt.toISOString(),
      publicKey: this.codes.publicKeyBase64url(),
      keyAlgorithm: 'Ed25519',
      signedPrefix: TICKET_CODE_DOMAIN,
      orders,
    };
  }

  /** The paid orders of the event on sale: tonight's door admits those. */
  private async paidOrders(): Promise<PartyOrderEntity[]> {
    return this.orders.find({
      where: { eventId: await this.seasons.currentId(), status: 'paid' },
      select: {
        id: true,
        customerName: true,
        adultTickets: true,
        childTickets: true,
        refundedAdults: true,
        refundedChildren: true,
        extraSeats: true,
      },
    });
  }

  private async admittedByOrder(orderIds: string[]): Promise<Map<string, { count: number; last: TicketRedemptionEntity }>> {
    const found = new Map<string, { count: number; last: TicketRedemptionEntity }>();
    if (orderIds.length === 0) return found;
    const rows = await this.redemptions.find({ where: { kind: 'entry', orderId: In(orderIds) }, order: { at: 'ASC' } });
    for (const row of rows) found.set(row.orderId, { count: (found.get(row.orderId)?.count ?? 0) + row.count, last: row });
    return found;
  }
}
