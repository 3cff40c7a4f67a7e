import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { tipFits, tipTooLargeMessage, type DrinkTabView, type Tip } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { secretMatches } from '../../common/secrets.js';
import { DRINKS_LOCK } from './drink-menu.service.js';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { DrinkTabClosingService } from './drink-tab-closing.service.js';
import { DrinkTabEntity } from './drink-tab.entity.js';
import { tabTotal, toTabView } from './drink-tab.mapper.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

/**
 * The guest's tip on a tab: the choice is kept on the tab (staff's close and the automatic close
 * use it), and `Close my tab` saves it and runs the one close-and-charge.
 */
@Injectable()
export class DrinkTabTips {
  constructor(
    @InjectRepository(DrinkTabEntity) private readonly tabs: Repository<DrinkTabEntity>,
    @InjectRepository(DrinkOrderEntity) private readonly orders: Repository<DrinkOrderEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly closing: DrinkTabClosingService,
  ) {}

  /** Keeps the guest's tip choice on their open tab (refused over the tab's subtotal so far). */
  async choose(tabId: string, token: string | undefined, tip: Tip): Promise<DrinkTabView> {
    await this.authorised(tabId, token);
    const result = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const tab = await manager.findOneByOrFail(DrinkTabEntity, { id: tabId });
      if (tab.status !== 'open') return { refused: 'closed' as const };
      const { subtotalCents } = await tabTotal(manager, tab.id);
      if (!tipFits(subtotalCents, tip)) return { refused: 'too-large' as const, subtotalCents };
      await manager.update(DrinkTabEntity, { id: tab.id, status: 'open' }, { tipChoice: JSON.stringify(tip) });
      return { refused: null };
    });
    if (result.refused === 'closed') throw new GuestRefusal(409, GUEST_REFUSALS.tabTipClosed);
    if (result.refused === 'too-large') throw new BadRequestException(`tip: ${tipTooLargeMessage(result.subtotalCents)}`);
    return this.view(tabId);
  }

  /** `Close my tab`: the tip chosen (if given) is saved, then the tab is closed and charged once. */
  async close(tabId: string, token: string | undefined, tip: Tip | undefined): Promise<DrinkTabView> {
    const tab = await this.authorised(tabId, token);
    if (tip && tab.status === 'open') await this.choose(tabId, token, tip);
    await this.closing.close(tabId, 'guest');
    return this.view(tabId);
  }

  private async authorised(tabId: string, token: string | undefined): Promise<DrinkTabEntity> {
    const tab = await this.tabs.findOneBy({ id: tabId });
    if (!tab || !secretMatches(token, tab.tokenHash)) throw new GuestRefusal(404, GUEST_REFUSALS.tabNotFound);
    return tab;
  }

  private async view(tabId: string): Promise<DrinkTabView> {
    const tab = await this.tabs.findOneByOrFail({ id: tabId });
    const orders = await this.orders.find({ where: { tabId, status: 'tab' }, order: { number: 'ASC' } });
    return toTabView(tab, orders);
  }
}
