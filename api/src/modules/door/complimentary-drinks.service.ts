import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { NO_COMPLIMENTARY_DRINKS_LEFT, type ComplimentaryDrinksRequest, type ComplimentaryDrinksResponse } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { DOOR_LOCK, insertRedemption, REFUNDED, redemptionsOf, replayOf, sumOf, ticketObject, ticketsOf } from './admissions.js';
import { TicketCodes } from '../codes/ticket-codes.js';

/**
 * The bar's side of the ticket: one complimentary drink per ticketed guest, redeemed with the
 * same signed code as the admissions and counted under the same lock (DOOR_LOCK), each
 * redemption on the activity log in the same transaction. Only tickets of the season on sale
 * are served, as only they are admitted.
 */
@Injectable()
export class ComplimentaryDrinksService {
  constructor(
    private readonly codes: TicketCodes,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly seasons: SeasonsService,
  ) {}

  /**
   * Hands over `count` of the order's complimentary drinks (one per ticketed guest); `count` 0
   * only asks how many are left. More than are left is refused whole, so the count never goes
   * below zero however many bars redeem at once.
   */
  async redeem(request: ComplimentaryDrinksRequest, actor: StaffActor): Promise<ComplimentaryDrinksResponse> {
    const orderId = this.codes.orderIdOf(request.code);
    if (!orderId) throw new NotFoundException('Not a valid ticket');
    const id = request.redemptionId ?? randomUUID();
    return this.exclusive.run(DOOR_LOCK, async (manager) => {
      const order = await manager.findOneBy(PartyOrderEntity, { id: orderId });
      // A ticket of an earlier season is not tonight's: the bar refuses it as the door does.
      if (!order || order.eventId !== (await this.seasons.readCurrentId(manager))) throw new NotFoundException('Not a valid ticket');
      const remaining = ticketsOf(order) - sumOf(await redemptionsOf(manager, orderId, 'drink'));
      if (request.redemptionId && (await replayOf(manager, id, orderId, 'drink', 'redemptionId'))) return { remaining };
      if (REFUNDED.includes(order.status)) throw new ConflictException('This order was refunded');
      if (order.status !== 'paid') throw new ConflictException('This order is not paid');
      if (request.count > remaining) throw new ConflictException(NO_COMPLIMENTARY_DRINKS_LEFT);
      if (request.count === 0) return { remaining };
      const at = new Date();
      await insertRedemption(manager, { id, orderId, kind: 'drink', count: request.count, at }, actor);
      await this.activity.record(
        manager,
        actor,
        {
          action: 'drink.complimentary',
          object: ticketObject(order),
          detail: `${request.count} redeemed, ${remaining - request.count} left`,
          subjectId: order.id,
        },
        at,
      );
      return { remaining: remaining - request.count };
    });
  }
}
