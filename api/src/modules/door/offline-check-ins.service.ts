import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { orderReference, type CheckInConflict, type OfflineAdmissionResult, type OfflineCheckInsRequest } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { admittedCounts, DOOR_LOCK, insertRedemption, redemptionsOf, sumOf, ticketObject, ticketsOf } from './admissions.js';
import { TicketRedemptionEntity } from '../tickets/ticket-redemption.entity.js';

/** How far an offline admission's device clock is believed: beyond it, the upload's time is kept. */
const OFFLINE_CLOCK_PAST_MS = 48 * 60 * 60 * 1000;
const OFFLINE_CLOCK_FUTURE_MS = 5 * 60 * 1000;

/** The device's time of an offline admission, unless its clock is plainly wrong. */
function offlineTime(at: string, now: Date): Date {
  const time = new Date(at);
  const delta = time.getTime() - now.getTime();
  return delta > OFFLINE_CLOCK_FUTURE_MS || delta < -OFFLINE_CLOCK_PAST_MS ? now : time;
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
  ) {}

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
          const before = sumOf(await redemptionsOf(manager, order.id, 'entry'));
          const after = before + admission.guests;
          const at = offlineTime(admission.at, new Date());
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
              detail: `${admission.guests} admitted offline, ${after} of ${total} in${conflict ? ' (conflict)' : ''}`,
              subjectId: order.id,
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
