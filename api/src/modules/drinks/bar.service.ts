import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, MoreThanOrEqual, Not, IsNull, Repository } from 'typeorm';
import type { BarOrder, BarOrderStatus } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { DRINKS_LOCK } from './drink-menu.service.js';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { drinkOrderLabel, toBarOrder } from './drink-order.mapper.js';

/** Served orders stay in the queue this long, so a mistaken tap can be undone. */
export const SERVED_VISIBLE_MS = 30 * 60_000;
/** Orders at the bar: paid now, or put on a tab. */
export const PLACED = ['paid', 'tab'];

/** The bar's queue: every paid or tab order, New -> Ready -> Served. */
@Injectable()
export class BarService {
  constructor(
    @InjectRepository(DrinkOrderEntity) private readonly orders: Repository<DrinkOrderEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
  ) {}

  /** Orders still to make or hand over, and those served in the last half hour; oldest first. */
  async queue(now = new Date()): Promise<BarOrder[]> {
    const rows = await this.orders.find({
      where: [
        { status: In(PLACED), barStatus: In(['new', 'ready']), number: Not(IsNull()) },
        { status: In(PLACED), barStatus: 'served', updatedAt: MoreThanOrEqual(new Date(now.getTime() - SERVED_VISIBLE_MS)) },
      ],
      order: { number: 'ASC' },
      take: 500,
    });
    return rows.map(toBarOrder);
  }

  /** Moves an order along the queue, on the activity log in the same transaction. */
  async setStatus(id: string, status: BarOrderStatus, actor: StaffActor): Promise<BarOrder> {
    const order = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const result = await manager.update(DrinkOrderEntity, { id, status: In(PLACED) }, { barStatus: status });
      if (!result.affected) return null;
      const updated = await manager.findOneByOrFail(DrinkOrderEntity, { id });
      await this.activity.record(manager, actor, {
        action: 'bar.order-status',
        object: drinkOrderLabel(updated),
        detail: status,
        subjectId: updated.id,
      });
      return updated;
    });
    if (!order) throw new NotFoundException('No such order at the bar');
    return toBarOrder(order);
  }
}
