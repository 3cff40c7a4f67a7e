import { randomBytes, randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { type DrinkTabResponse, type KeptCardView, type ValidTicketTabRequest } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { secretHash } from '../../common/secrets.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { KeptCardsService } from '../kept-cards/kept-cards.service.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { SiteService } from '../settings/site.service.js';
import { DRINKS_LOCK } from './drink-menu.service.js';
import { DrinkTabEntity } from './drink-tab.entity.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

/** The tab opened on a ticket order's kept card that is not closed yet, if any (read under the drinks lock). */
const openTabOf = (manager: EntityManager, ticketOrderId: string) =>
  manager.findOneBy(DrinkTabEntity, { ticketOrderId, status: In(['pending', 'open', 'closing']) });

/**
 * A tab opened in one tap with the card kept from the ticket purchase (`/drinks?ticket=<token>`,
 * docs/guest-account.md): no card form, opened at once, during the party only, one open tab per
 * ticket order. Everything after the opening (orders, the limit and `Approve more`, the close and
 * its charge) is the tab's as any other.
 */
@Injectable()
export class DrinkTicketTabs {
  private readonly logger = new Logger(DrinkTicketTabs.name);

  constructor(
    private readonly keptCards: KeptCardsService,
    private readonly exclusive: ExclusiveSection,
    private readonly seasons: SeasonsService,
    private readonly site: SiteService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The card the link opens a tab on. */
  card(token: string): Promise<KeptCardView> {
    return this.keptCards.view(token);
  }

  /** `Forget my card` from the link: detached at the gateway; the link then answers `This card was forgotten`. */
  async forget(token: string): Promise<void> {
    await this.forgetOrder(await this.keptCards.orderOfToken(token));
  }

  /**
   * Forgets the card kept with a ticket order (from the link or from My tickets), unless a tab
   * opened on it is still open: that tab is charged to the card when it closes, so the guest
   * closes it first (409). Forgetting twice is harmless.
   */
  async forgetOrder(orderId: string): Promise<void> {
    await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      if (await openTabOf(manager, orderId)) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.closeTabFirst);
    });
    await this.keptCards.forget(orderId);
  }

  async open(request: ValidTicketTabRequest, now = new Date()): Promise<DrinkTabResponse> {
    const card = await this.keptCards.forTab(request.token);
    const { party } = await this.site.get();
    if (now.getTime() < Date.parse(party.startsAt)) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.tabsNotYet);
    const eventId = await this.seasons.currentId();
    if (now.getTime() > Date.parse(party.endsAt) || card.eventId !== eventId)
      throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.partyOver);
    const tabToken = randomBytes(24).toString('base64url');
    // Under the drinks lock: two taps at once open one tab.
    const tab = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      if (await openTabOf(manager, card.orderId)) return null;
      const created = manager.create(DrinkTabEntity, {
        id: randomUUID(),
        eventId,
        tokenHash: secretHash(tabToken),
        status: 'open',
        customerName: card.customerName,
        customerEmail: card.customerEmail,
        customerPhone: null,
        tableNumber: request.tableNumber ?? null,
        language: request.language ?? 'en',
        gatewayCustomerId: card.customerId,
        setupIntentId: null,
        paymentMethodId: card.paymentMethodId,
        openedAt: now,
        limitCents: this.config.tabLimitCents,
        ticketOrderId: card.orderId,
      });
      await manager.insert(DrinkTabEntity, created);
      return created;
    });
    if (!tab) throw new GuestRefusal(HttpStatus.CONFLICT, GUEST_REFUSALS.tabAlreadyOpen);
    this.logger.log(`Tab ${tab.id} opened from ticket order ${card.orderId}`);
    return { clientSecret: '', tabId: tab.id, tabToken };
  }
}
