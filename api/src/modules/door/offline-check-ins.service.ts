import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import {
  orderReference,
  type CheckInConflict,
  type OfflineAdmission,
  type OfflineAdmissionResult,
  type OfflineCheckInsRequest,
  type SiteConfig,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { FestivalMetrics } from '../../common/metrics/festival-metrics.js';
import { TicketCodes } from '../codes/ticket-codes.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { SiteService } from '../settings/site.service.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { admittedCounts, DOOR_LOCK, insertRedemption, redemptionsOf, sumOf, ticketObject, ticketsOf } from './admissions.js';
import { TicketRedemptionEntity } from '../tickets/ticket-redemption.entity.js';

/** A device clock this far ahead of the server's is wrong: the upload's time is kept instead. */
const OFFLINE_CLOCK_FUTURE_MS = 5 * 60 * 1000;
/**
 * An offline admission counts only between this long before the party starts and this long
 * after it ends (the site configuration's `party.startsAt` and `party.endsAt`): doors open early
 * and guests arrive late, but an admission a day away from the party is not one of tonight's.
 */
export const OFFLINE_WINDOW_MARGIN_MS = 3 * 60 * 60 * 1000;

/** Why an uploaded admission is refused (nothing kept). */
export const OFFLINE_REJECTIONS = {
  invalid: 'Not a valid ticket',
  otherOrder: 'This ticket code belongs to another order',
  notPaid: 'This order is not paid',
  otherEvent: 'This ticket is for another event, not the one on sale',
  outsideWindow: 'Admitted outside the party’s hours',
  reused: 'This admissionId was already used for another ticket',
} as const;

/** The device's time of an offline admission; one ahead of the server's clock is taken as now. */
function offlineTime(at: string, now: Date): Date {
  const time = new Date(at);
  return time.getTime() - now.getTime() > OFFLINE_CLOCK_FUTURE_MS ? now : time;
}

/** Whether `at` falls in the party's hours, with the margin either side. */
function withinParty(at: Date, party: SiteConfig['party']): boolean {
  const startsAt = Date.parse(party.startsAt);
  const endsAt = Date.parse(party.endsAt);
  if (Number.isNaN(startsAt) || Number.isNaN(endsAt)) return false;
  return at.getTime() >= startsAt - OFFLINE_WINDOW_MARGIN_MS && at.getTime() <= endsAt + OFFLINE_WINDOW_MARGIN_MS;
}

/**
 * The admissions door pages made while offline, uploaded later, and the conflicts they can leave
 * (an order over-admitted, or admitted after it stopped being paid) for the manager to settle.
 */
@Injectable()
export class OfflineCheckInsService {
  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    @InjectRepository(TicketRedemptionEntity) private readonly redemptions: Repository<TicketRedemptionEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly codes: TicketCodes,
    private readonly seasons: SeasonsService,
    private readonly site: SiteService,
    private readonly metrics: FestivalMetrics,
  ) {}

  /**
   * Admissions a door page made while offline, each judged before it is kept: the scanned code
   * must be a valid ticket of this order (an admission from the guest search carries none), the
   * order paid at some point and of the event on sale, and the time within the party's hours;
   * otherwise it is `rejected` and nothing is kept. An admission that passes is a fact that
   * already happened at the door, so it is kept even when it takes an order past its guests (or
   * the order was refunded meanwhile): such an order is then a conflict. A replayed admissionId
   * changes nothing.
   */
  async recordOffline(request: OfflineCheckInsRequest, actor: StaffActor): Promise<OfflineAdmissionResult[]> {
    // Read before the lock, as an online scan does: a cold cache must not queue behind the scans.
    const eventOnSale = await this.seasons.currentId();
    const { party } = await this.site.get();
    const results: OfflineAdmissionResult[] = [];
    for (const admission of request.admissions) {
      const result = await this.recordOne(admission, actor, eventOnSale, party);
      if (result.kept) this.metrics.admitted('offline', admission.guests);
      results.push(result.reply);
    }
    return results;
  }

  private recordOne(
    admission: OfflineAdmission,
    actor: StaffActor,
    eventOnSale: number,
    party: SiteConfig['party'],
  ): Promise<{ reply: OfflineAdmissionResult; kept?: boolean }> {
    const reply = (outcome: OfflineAdmissionResult['outcome'], message: string | null = null, kept = false) => ({
      reply: { admissionId: admission.admissionId, outcome, message },
      kept,
    });
    if (admission.code !== undefined) {
      const signedFor = this.codes.orderIdOf(admission.code);
      if (!signedFor) return Promise.resolve(reply('rejected', OFFLINE_REJECTIONS.invalid));
      if (signedFor !== admission.orderId.toLowerCase()) return Promise.resolve(reply('rejected', OFFLINE_REJECTIONS.otherOrder));
    }
    return this.exclusive.run(DOOR_LOCK, async (manager) => {
      const order = await manager.findOneBy(PartyOrderEntity, { id: admission.orderId });
      if (!order) return reply('rejected', OFFLINE_REJECTIONS.invalid);
      const earlier = await manager.findOneBy(TicketRedemptionEntity, { id: admission.admissionId });
      if (earlier) {
        return earlier.orderId === order.id && earlier.kind === 'entry' ? reply('recorded') : reply('rejected', OFFLINE_REJECTIONS.reused);
      }
      // Never paid (left unpaid, or its hold cancelled): the phone's list never held it. One paid and
      // refunded since is kept below as a conflict: the phone admitted it from a list where it was paid.
      if (order.status === 'pending' || (!order.paidAt && order.status !== 'paid')) return reply('rejected', OFFLINE_REJECTIONS.notPaid);
      if (order.eventId !== eventOnSale) return reply('rejected', OFFLINE_REJECTIONS.otherEvent);
      const at = offlineTime(admission.at, new Date());
      if (!withinParty(at, party)) return reply('rejected', OFFLINE_REJECTIONS.outsideWindow);
      const total = ticketsOf(order);
      const before = sumOf(await redemptionsOf(manager, order.id, 'entry'));
      const after = before + admission.guests;
      const scanned = admission.code !== undefined;
      await insertRedemption(
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
          detail: `${admission.guests} admitted offline${scanned ? '' : ' from the guest search'}, ${after} of ${total} in${conflict ? ' (conflict)' : ''}`,
          subjectId: order.id,
        },
        at,
      );
      if (!paid) return reply('conflict', 'Admitted offline after the order was refunded', true);
      return after > total ? reply('conflict', `${after} guests in on an order of ${total}`, true) : reply('recorded', null, true);
    });
  }

  /**
   * Orders with more guests in than they admit (offline doors over-admitting them), or with
   * guests in although they are no longer paid: each with every admission, newest last.
   */
  async conflicts(): Promise<CheckInConflict[]> {
    const admitted = await admittedCounts(this.redemptions.manager);
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
          extraSeats: true,
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
}
