import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { orderReference, type CheckInRequest, type CheckInResponse } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { FestivalMetrics } from '../../common/metrics/festival-metrics.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import {
  adultsOf,
  childrenOf,
  DOOR_LOCK,
  insertRedemption,
  othersOf,
  REFUNDED,
  redemptionsOf,
  replayOf,
  sumOf,
  ticketObject,
  ticketsOf,
} from './admissions.js';
import { TicketCodes } from '../codes/ticket-codes.js';
import { linesOf } from '../tickets/party-order-lines.js';
import { TicketRedemptionEntity } from '../tickets/ticket-redemption.entity.js';

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

/**
 * The door's scans: ticket codes checked against the signing key, then each order's admissions
 * counted and added to under DOOR_LOCK, each on the activity log in the same transaction.
 * Offline admissions are OfflineCheckInsService's, the search, counter and snapshot
 * DoorGuestsService's, the bar's complimentary drinks ComplimentaryDrinksService's.
 */
@Injectable()
export class CheckInsService {
  constructor(
    private readonly codes: TicketCodes,
    @InjectRepository(TicketRedemptionEntity) private readonly redemptions: Repository<TicketRedemptionEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly seasons: SeasonsService,
    private readonly metrics: FestivalMetrics,
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
    let admittedNow = 0;
    const response = await this.exclusive.run(DOOR_LOCK, async (manager) => {
      admittedNow = 0;
      const order = await manager.findOneBy(PartyOrderEntity, { id: orderId });
      if (!order || order.eventId !== eventOnSale) return INVALID;
      const entries = await redemptionsOf(manager, orderId, 'entry');
      const total = ticketsOf(order);
      const admitted = sumOf(entries);
      // Tickets of other types (docs/ticket-types.md): only an order holding their seats has any valid.
      const others = othersOf(order.extraSeats > 0 ? await linesOf(manager, order.id) : []);
      const answer = (result: CheckInResponse['result'], at: Date | null = null, door: string | null = null): CheckInResponse => ({
        result,
        customerName: order.customerName,
        reference: orderReference(order.id),
        adults: adultsOf(order),
        children: childrenOf(order),
        ...others,
        admitted,
        entering: 0,
        total,
        checkedInAt: at?.toISOString() ?? null,
        door,
      });

      const replayed = request.admissionId ? await replayOf(manager, id, orderId, 'entry', 'admissionId') : null;
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
      await insertRedemption(manager, { id, orderId, kind: 'entry', count: guests, at }, actor);
      admittedNow = guests;
      await this.activity.record(
        manager,
        actor,
        {
          action: 'check-in',
          object: ticketObject(order),
          detail: `${guests} admitted, ${admitted + guests} of ${total} in`,
          subjectId: order.id,
        },
        at,
      );
      return { ...answer('admitted', at, actor.name), admitted: admitted + guests, entering: guests };
    });
    // Counted once the admission is committed (a replayed admissionId admits nobody new).
    if (admittedNow > 0) this.metrics.admitted('online', admittedNow);
    return response;
  }
}
