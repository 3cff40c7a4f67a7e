import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Repository } from 'typeorm';
import { drinkTabReference, type MyTickets } from '@festival/contracts';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { DrinkTabEntity } from './drink-tab.entity.js';
import { tabTotals } from './drink-tab.mapper.js';

/** What My tickets shows of a guest's drinks. */
export type GuestDrinksView = MyTickets['drinks'];

/**
 * A guest's drinks at one season's party, found by the e-mail address they gave (a tab opened
 * from a ticket's kept card carries the ticket buyer's address): their tabs, with the amount
 * charged once closed or the running total while open, and their pay-now orders. Orders on a
 * tab are counted in the tab's total, not listed again.
 */
@Injectable()
export class GuestDrinks {
  constructor(
    @InjectRepository(DrinkTabEntity) private readonly tabs: Repository<DrinkTabEntity>,
    @InjectRepository(DrinkOrderEntity) private readonly orders: Repository<DrinkOrderEntity>,
  ) {}

  async of(email: string, eventId: number): Promise<GuestDrinksView> {
    const [tabs, orders] = await Promise.all([
      this.tabs.find({
        where: { customerEmail: email, eventId, status: In(['open', 'closing', 'closed', 'settled']) },
        order: { openedAt: 'DESC', id: 'ASC' },
      }),
      this.orders.find({
        where: { customerEmail: email, eventId, tabId: IsNull(), status: In(['paid', 'refunding', 'refunded']) },
        order: { createdAt: 'DESC', id: 'ASC' },
      }),
    ]);
    const running = await tabTotals(
      this.tabs.manager,
      tabs.filter((tab) => tab.chargedCents === null).map((tab) => tab.id),
    );
    return {
      tabs: tabs.map((tab) => ({
        tabId: tab.id,
        reference: drinkTabReference(tab.id),
        status: tab.status,
        totalCents: tab.chargedCents ?? running.get(tab.id)?.totalCents ?? 0,
        openedAt: (tab.openedAt ?? tab.createdAt).toISOString(),
      })),
      orders: orders.map((order) => ({
        orderId: order.id,
        number: order.number,
        status: order.status,
        totalCents: order.totalCents,
        createdAt: order.createdAt.toISOString(),
      })),
    };
  }
}
