import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { orderReference, PICKUP_CODE_DOMAIN, type PickupOrder, type PickupRequest, type PickupResponse } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { TicketCodes } from '../codes/ticket-codes.js';
import { FeastOrderEntity } from './feast-order.entity.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { FeastPickupSlotEntity } from './feast-pickup-slot.entity.js';

function toPickupOrder(order: FeastOrderEntity): PickupOrder {
  return {
    orderId: order.id,
    reference: orderReference(order.id),
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    customerEmail: order.customerEmail,
    items: (JSON.parse(order.items) as { name: string; quantity: number }[]).map(({ name, quantity }) => ({ name, quantity })),
    pickupDate: order.pickupDate,
    pickupTime: order.pickupTime,
    pickedUpAt: order.pickedUpAt?.toISOString() ?? null,
    pickedUpBy: order.pickedUpBy,
  };
}

/** The pickup desk (`/admin/pickups`): the paid pre-orders of the event on sale, and `Picked up`. */
@Injectable()
export class FeastPickupsService {
  constructor(
    @InjectRepository(FeastOrderEntity) private readonly orders: Repository<FeastOrderEntity>,
    private readonly codes: TicketCodes,
    private readonly seasons: SeasonsService,
    private readonly activity: ActivityLog,
    private readonly exclusive: ExclusiveSection,
  ) {}

  /**
   * Paid pre-orders in pickup-time order, then by name; `query` keeps those whose name, e-mail,
   * phone (digits) or reference contains it.
   */
  async list(query = ''): Promise<PickupOrder[]> {
    const eventId = await this.seasons.currentId();
    const rows = await this.orders
      .createQueryBuilder('o')
      .leftJoin(FeastPickupSlotEntity, 's', 's.id = o.slotId')
      .where('o.eventId = :eventId AND o.status = :status', { eventId, status: 'paid' })
      .orderBy('s.date', 'ASC')
      .addOrderBy('s.time', 'ASC')
      .addOrderBy('o.customerName', 'ASC')
      .getMany();
    const text = query.trim().toLowerCase();
    const digits = text.replace(/\D/g, '');
    const matches = (order: FeastOrderEntity) =>
      !text ||
      order.customerName.toLowerCase().includes(text) ||
      order.customerEmail.toLowerCase().includes(text) ||
      orderReference(order.id).toLowerCase().startsWith(text) ||
      (digits.length >= 3 && order.customerPhone.replace(/\D/g, '').includes(digits));
    return rows.filter(matches).map(toPickupOrder);
  }

  /**
   * Marks a paid pre-order picked up, once: one conditional update, so two desks marking the
   * same order at once record one pickup; the second answers `already_picked_up` with when and
   * by whom. A code that is not a pickup code of this site answers `invalid`.
   */
  async pickUp(request: PickupRequest, actor: StaffActor): Promise<PickupResponse> {
    const orderId = request.orderId ?? (request.code ? this.codes.orderIdOf(request.code, PICKUP_CODE_DOMAIN) : null);
    if (!orderId) return { result: 'invalid', order: null };
    const eventId = await this.seasons.currentId();
    const order = await this.orders.findOneBy({ id: orderId.toLowerCase(), eventId });
    if (!order) return { result: 'invalid', order: null };
    if (order.status !== 'paid') return { result: 'not_paid', order: toPickupOrder(order) };
    const now = new Date();
    const pickedUp = await this.exclusive.transaction(async (manager) => {
      const changed = await manager.update(
        FeastOrderEntity,
        { id: order.id, status: 'paid', pickedUpAt: IsNull() },
        { pickedUpAt: now, pickedUpBy: actor.name },
      );
      if (!changed.affected) return false;
      await this.activity.record(
        manager,
        actor,
        { action: 'pickup', object: `Pre-order ${orderReference(order.id)}`, subjectId: order.id },
        now,
      );
      return true;
    });
    const current = await this.orders.findOneByOrFail({ id: order.id });
    return { result: pickedUp ? 'picked_up' : 'already_picked_up', order: toPickupOrder(current) };
  }
}
