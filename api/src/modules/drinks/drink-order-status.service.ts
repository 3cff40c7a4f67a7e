import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { DrinkOrderStatusView } from '@festival/contracts';
import { PLACED } from './bar.service.js';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { DrinkTabEntity } from './drink-tab.entity.js';
import { secretMatches } from '../../common/secrets.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

/** What the guest's phone shows to prove the order is theirs. */
export interface OrderSecrets {
  /** The client secret of the order's payment (pay-now orders). */
  clientSecret?: string;
  /** The token of the tab the order is on (tab orders). */
  tabToken?: string;
}

/**
 * The guest's side of the bar queue: where one order is (New, Ready, Served), for the phone that
 * paid for it. Read from the database on every ask, so a change made on any replica shows on the
 * next poll; the answer is a few bytes and the controller gives 304 while it is unchanged.
 */
@Injectable()
export class DrinkOrderStatusService {
  constructor(
    @InjectRepository(DrinkOrderEntity) private readonly orders: Repository<DrinkOrderEntity>,
    @InjectRepository(DrinkTabEntity) private readonly tabs: Repository<DrinkTabEntity>,
  ) {}

  async guestStatus(orderId: string, secrets: OrderSecrets): Promise<DrinkOrderStatusView> {
    const order = orderId.length <= 36 ? await this.orders.findOneBy({ id: orderId }) : null;
    // A wrong id and a wrong secret answer alike: the id alone says nothing, not even that it exists.
    if (!order || !(await this.holdsSecret(order, secrets))) throw new GuestRefusal(404, GUEST_REFUSALS.drinkOrderNotFound);
    if (order.number === null || !PLACED.includes(order.status)) throw new GuestRefusal(404, GUEST_REFUSALS.notAtBar);
    return { orderId: order.id, number: order.number, barStatus: order.barStatus };
  }

  private async holdsSecret(order: DrinkOrderEntity, { clientSecret, tabToken }: OrderSecrets): Promise<boolean> {
    if (!order.tabId) return secretMatches(clientSecret, order.clientSecretHash);
    if (!tabToken) return false;
    const tab = await this.tabs.findOneBy({ id: order.tabId });
    return secretMatches(tabToken, tab?.tokenHash);
  }
}
