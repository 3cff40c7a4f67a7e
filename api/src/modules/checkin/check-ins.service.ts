import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository, type EntityManager } from 'typeorm';
import {
  DOOR_SEARCH_LIMIT,
  NO_COMPLIMENTARY_DRINKS_LEFT,
  orderReference,
  TICKET_CODE_DOMAIN,
  type CheckInRequest,
  type CheckInResponse,
  type CheckInConflict,
  type CheckInStats,
  type ComplimentaryDrinksRequest,
  type ComplimentaryDrinksResponse,
  type DoorSnapshot,
  type DoorSearchResult,
  type DoorSnapshotOrder,
  type OfflineAdmissionResult,
  type OfflineCheckInsRequest,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PartyOrderEntity, validTicketsOf, type PartyOrderStatus } from '../tickets/party-order.entity.js';
import { TicketCodes } from './ticket-codes.js';
import { TicketRedemptionEntity, type RedemptionKind } from './ticket-redemption.entity.js';
import { SeasonsService } from '../seasons/seasons.service.js';

/**
 * The lock of every admission and redemption: each reads what an order has had so far and adds
 * to it in one exclusive transaction, so two doors scanning one code in the same second cannot
 * both admit its last guest (a row lock on MySQL across replicas; a queue on SQLite).
 */
export const DOOR_LOCK = 'door';

/** A refunded or cancelled order answers `refunded` at the door. */
const REFUNDED: readonly PartyOrderStatus[] = ['refunding', 'refunded', 'cancelled'];

const INVALID: CheckInResponse = {
  result: 'invalid',
  customerName: null,
  reference: null,
  adults: 0,
  children: 0,
  admitted: 0,
  entering: 0,
  total: 0,
  checkedInAt: null,
  door: null,
};

/** The order's tickets still valid: a partly refunded order admits only its remaining guests (docs/refunds.md). */
const ticketsOf = (order: PartyOrderEntity): number => validTicketsOf(order);
const adultsOf = (order: PartyOrderEntity): number => order.adultTickets - (order.refundedAdults ?? 0);
const childrenOf = (order: PartyOrderEntity): number => order.childTickets - (order.refundedChildren ?? 0);
const sumOf = (rows: { count: number }[]): number => rows.reduce((sum, row) => sum + row.count, 0);
const ticketObject = (order: PartyOrderEntity): string => `Ticket ${orderReference(order.id)} (${order.customerName})`;

/** How far an offline admission's device clock is believed: beyond it, the upload's time is kept. */
const OFFLINE_CLOCK_PAST_MS = 48 * 60 * 60 * 1000;
const OFFLINE_CLOCK_FUTURE_MS = 5 * 60 * 1000;

/** The device's time of an offline admission, unless its clock is plainly wrong. */
function offlineTime(at: string, now: Date): Date {
  const time = new Date(at);
  const delta = time.getTime() - now.getTime();
  return delta > OFFLINE_CLOCK_FUTURE_MS || delta < -OFFLINE_CLOCK_PAST_MS ? now : time;
}

/** `%` and `_` typed into a search are literal characters, not LIKE wildcards. */
const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * The door and the bar's complimentary drinks: ticket codes checked against the signing key,
 * then each order's admissions (and drinks) counted and added to under DOOR_LOCK, each on the
 * activity log in the same transaction. Ticket codes are never logged: they admit their bearer.
 */
@Injectable()
export class CheckInsService {
  constructor(
    private readonly codes: TicketCodes,
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    @InjectRepository(TicketRedemptionEntity) private readonly redemptions: Repository<TicketRedemptionEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly seasons: SeasonsService,
  ) {}

  /**
   * Admits `guests` of the order (everyone left when unset). A code that is not a ticket of
   * this site answers `invalid`; a replayed admissionId answers as its admission did and
   * changes nothing; more guests than are left is a 409 that says how many are.
   */
  async checkIn(request: CheckInRequest, actor: StaffActor): Promise<CheckInResponse> {
    const orderId = this.codes.orderIdOf(request.code);
    if (!orderId) return INVALID;
    const id = request.admissionId ?? randomUUID();
    // A ticket of an earlier party admits nobody tonight. The event on sale comes from this
    // replica's cache (a switch of events happens long before a party), read before the lock:
    // a cold cache reads on a connection of its own, which must not wait behind the scans
    // that hold the pool's other connections while they queue for the lock.
    const eventOnSale = await this.seasons.currentId();
    return this.exclusive.run(DOOR_LOCK, async (manager) => {
      const order = await manager.findOneBy(PartyOrderEntity, { id: orderId });
      if (!order || order.eventId !== eventOnSale) return INVALID;
      const entries = await this.redemptionsOf(manager, orderId, 'entry');
      const total = ticketsOf(order);
      const admitted = sumOf(entries);
      const answer = (result: CheckInResponse['result'], at: Date | null = null, door: string | null = null): CheckInResponse => ({
        result,
        customerName: order.customerName,
        reference: orderReference(order.id),
        adults: adultsOf(order),
        children: childrenOf(order),
        admitted,
        entering: 0,
        total,
        checkedInAt: at?.toISOString() ?? null,
        door,
      });

      const replayed = request.admissionId ? await this.replayOf(manager, id, orderId, 'entry', 'admissionId') : null;
      if (replayed) return { ...answer('admitted', replayed.at, replayed.who), entering: replayed.count };
      if (REFUNDED.includes(order.status)) return answer('refunded');
      if (order.status !== 'paid') return answer('not_paid');

      const left = total - admitted;
      if (left <= 0) {
        const last = entries[entries.length - 1];
        return answer('already_checked_in', last?.at ?? null, last?.who ?? null);
      }
      const guests = request.guests ?? left;
      if (guests > left) {
        throw new ConflictException(`Only ${left} of ${total} guests ${left === 1 ? 'is' : 'are'} left to admit on this order`);
      }
      const at = new Date();
      await this.insertRedemption(manager, { id, orderId, kind: 'entry', count: guests, at }, actor);
      await this.activity.record(
        manager,
        actor,
        { action: 'check-in', object: ticketObject(order), detail: `${guests} admitted, ${admitted + guests} of ${total} in` },
        at,
      );
      return { ...answer('admitted', at, actor.name), admitted: admitted + guests, entering: guests };
    });
  }

  /**
   * Hands over `count` of the order's complimentary drinks (one per ticketed guest); `count` 0
   * only asks how many are left. More than are left is refused whole, so the count never goes
   * below zero however many bars redeem at once.
   */
  async redeemDrinks(request: ComplimentaryDrinksRequest, actor: StaffActor): Promise<ComplimentaryDrinksResponse> {
    const orderId = this.codes.orderIdOf(request.code);
    if (!orderId) throw new NotFoundException('Not a valid ticket');
    const id = request.redemptionId ?? randomUUID();
    return this.exclusive.run(DOOR_LOCK, async (manager) => {
      const order = await manager.findOneBy(PartyOrderEntity, { id: orderId });
      if (!order) throw new NotFoundException('Not a valid ticket');
      const remaining = ticketsOf(order) - sumOf(await this.redemptionsOf(manager, orderId, 'drink'));
      if (request.redemptionId && (await this.replayOf(manager, id, orderId, 'drink', 'redemptionId'))) return { remaining };
      if (REFUNDED.includes(order.status)) throw new ConflictException('This order was refunded');
      if (order.status !== 'paid') throw new ConflictException('This order is not paid');
      if (request.count > remaining) throw new ConflictException(NO_COMPLIMENTARY_DRINKS_LEFT);
      if (request.count === 0) return { remaining };
      const at = new Date();
      await this.insertRedemption(manager, { id, orderId, kind: 'drink', count: request.count, at }, actor);
      await this.activity.record(
        manager,
        actor,
        {
          action: 'drink.complimentary',
          object: ticketObject(order),
          detail: `${request.count} redeemed, ${remaining - request.count} left`,
        },
        at,
      );
      return { remaining: remaining - request.count };
    });
  }

  /**
   * Admissions a door page made while offline. Each is a fact that already happened at the door,
   * so it is kept even when it takes an order past its guests (or the order was refunded
   * meanwhile): such an order is then a conflict. A replayed admissionId changes nothing.
   */
  async recordOffline(request: OfflineCheckInsRequest, actor: StaffActor): Promise<OfflineAdmissionResult[]> {
    const results: OfflineAdmissionResult[] = [];
    for (const admission of request.admissions) {
      results.push(
        await this.exclusive.run(DOOR_LOCK, async (manager): Promise<OfflineAdmissionResult> => {
          const reply = (outcome: OfflineAdmissionResult['outcome'], message: string | null = null) => ({
            admissionId: admission.admissionId,
            outcome,
            message,
          });
          const order = await manager.findOneBy(PartyOrderEntity, { id: admission.orderId });
          if (!order) return reply('rejected', 'Not a valid ticket');
          const earlier = await manager.findOneBy(TicketRedemptionEntity, { id: admission.admissionId });
          if (earlier) {
            return earlier.orderId === order.id && earlier.kind === 'entry'
              ? reply('recorded')
              : reply('rejected', 'This admissionId was already used for another ticket');
          }
          const total = ticketsOf(order);
          const before = sumOf(await this.redemptionsOf(manager, order.id, 'entry'));
          const after = before + admission.guests;
          const at = offlineTime(admission.at, new Date());
          await this.insertRedemption(
            manager,
            { id: admission.admissionId, orderId: order.id, kind: 'entry', count: admission.guests, at, offline: true },
            actor,
          );
          const paid = order.status === 'paid';
          const conflict = !paid || after > total;
          await this.activity.record(
            manager,
            actor,
            {
              action: 'check-in',
              object: ticketObject(order),
              detail: `${admission.guests} admitted offline, ${after} of ${total} in${conflict ? ' (conflict)' : ''}`,
            },
            at,
          );
          if (!paid)
            return reply('conflict', `Admitted offline after the order was ${order.status === 'pending' ? 'left unpaid' : 'refunded'}`);
          return after > total ? reply('conflict', `${after} guests in on an order of ${total}`) : reply('recorded');
        }),
      );
    }
    return results;
  }

  /**
   * Orders with more guests in than they admit (offline doors over-admitting them), or with
   * guests in although they are no longer paid: each with every admission, newest last.
   */
  async conflicts(): Promise<CheckInConflict[]> {
    const admitted = await this.admittedCounts();
    if (admitted.size === 0) return [];
    const orders = (
      await this.orders.find({
        where: { id: In([...admitted.keys()]) },
        select: {
          id: true,
          status: true,
          customerName: true,
          adultTickets: true,
          childTickets: true,
          refundedAdults: true,
          refundedChildren: true,
        },
      })
    ).filter((o) => o.status !== 'paid' || (admitted.get(o.id) ?? 0) > ticketsOf(o));
    if (orders.length === 0) return [];
    const rows = await this.redemptions.find({ where: { kind: 'entry', orderId: In(orders.map((o) => o.id)) }, order: { at: 'ASC' } });
    const byOrder = new Map<string, TicketRedemptionEntity[]>();
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    const found: CheckInConflict[] = [];
    for (const order of orders) {
      const entries = byOrder.get(order.id) ?? [];
      const admitted = sumOf(entries);
      const total = ticketsOf(order);
      const paid = order.status === 'paid';
      found.push({
        orderId: order.id,
        reference: orderReference(order.id),
        customerName: order.customerName,
        total,
        admitted,
        reason: paid
          ? `${admitted} guests in on an order of ${total}`
          : `${admitted} guests in on an order that is ${order.status === 'pending' ? 'not paid' : 'refunded'}`,
        admissions: entries.map((e) => ({ at: e.at.toISOString(), door: e.who, guests: e.count, offline: e.offline })),
      });
    }
    return found.sort((a, b) => a.reference.localeCompare(b.reference));
  }

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
        },
      });
      for (const o of phones) {
        if (o.customerPhone.replace(/\D/g, '').includes(digits) && !found.some((f) => f.id === o.id)) found.push(o);
      }
    }
    const orders = found.slice(0, DOOR_SEARCH_LIMIT);
    const admitted = await this.admittedByOrder(orders.map((o) => o.id));
    return orders.map((o) => ({
      orderId: o.id,
      reference: orderReference(o.id),
      customerName: o.customerName,
      status: o.status === 'paid' ? 'paid' : REFUNDED.includes(o.status) ? 'refunded' : 'not_paid',
      adults: adultsOf(o),
      children: childrenOf(o),
      total: ticketsOf(o),
      admitted: admitted.get(o.id)?.count ?? 0,
      code: o.status === 'paid' ? this.codes.codeFor(o.id) : null,
    }));
  }

  /** `Arrived N of M`: guests admitted and tickets sold, on the orders that are paid. */
  async stats(): Promise<CheckInStats> {
    const [paid, admitted] = await Promise.all([this.paidOrders(), this.admittedCounts()]);
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
    const orders: DoorSnapshotOrder[] = paid.map((o) => {
      const entry = admitted.get(o.id);
      return {
        orderId: o.id,
        reference: orderReference(o.id),
        customerName: o.customerName,
        adults: adultsOf(o),
        children: childrenOf(o),
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

  /**
   * Guests admitted so far, by order id, for every order with an admission (the staff's ticket
   * list). One grouped read, whatever the number of orders.
   */
  async admittedCounts(): Promise<Map<string, number>> {
    const rows = await this.redemptions
      .createQueryBuilder('r')
      .select('r.orderId', 'orderId')
      .addSelect('SUM(r.count)', 'admitted')
      .where('r.kind = :kind', { kind: 'entry' satisfies RedemptionKind })
      .groupBy('r.orderId')
      .getRawMany<{ orderId: string; admitted: number | string }>();
    // MySQL answers a SUM as a decimal string, SQLite as a number.
    return new Map(rows.map((row) => [row.orderId, Number(row.admitted)]));
  }

  /** The paid orders of the event on sale: tonight's door admits those. */
  private async paidOrders(): Promise<PartyOrderEntity[]> {
    return this.orders.find({
      where: { eventId: await this.seasons.currentId(), status: 'paid' },
      select: { id: true, customerName: true, adultTickets: true, childTickets: true, refundedAdults: true, refundedChildren: true },
    });
  }

  private async admittedByOrder(orderIds: string[]): Promise<Map<string, { count: number; last: TicketRedemptionEntity }>> {
    const found = new Map<string, { count: number; last: TicketRedemptionEntity }>();
    if (orderIds.length === 0) return found;
    const rows = await this.redemptions.find({ where: { kind: 'entry', orderId: In(orderIds) }, order: { at: 'ASC' } });
    for (const row of rows) found.set(row.orderId, { count: (found.get(row.orderId)?.count ?? 0) + row.count, last: row });
    return found;
  }

  private redemptionsOf(manager: EntityManager, orderId: string, kind: RedemptionKind): Promise<TicketRedemptionEntity[]> {
    return manager.find(TicketRedemptionEntity, { where: { orderId, kind }, order: { at: 'ASC' } });
  }

  /** The earlier redemption with this client id; a 409 if that id was used for something else. */
  private async replayOf(
    manager: EntityManager,
    id: string,
    orderId: string,
    kind: RedemptionKind,
    field: string,
  ): Promise<TicketRedemptionEntity | null> {
    const earlier = await manager.findOneBy(TicketRedemptionEntity, { id });
    if (earlier && (earlier.orderId !== orderId || earlier.kind !== kind)) {
      throw new ConflictException(`This ${field} was already used for another ticket`);
    }
    return earlier;
  }

  private async insertRedemption(
    manager: EntityManager,
    row: Pick<TicketRedemptionEntity, 'id' | 'orderId' | 'kind' | 'count' | 'at'> & { offline?: boolean },
    actor: StaffActor,
  ): Promise<void> {
    await manager.insert(TicketRedemptionEntity, {
      offline: false,
      ...row,
      who: actor.name.slice(0, 60),
      role: actor.role,
      deviceId: actor.deviceId,
    });
  }
}
