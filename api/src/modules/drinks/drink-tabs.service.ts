import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  priceDrinksSubtotal,
  type DrinkOrderReceipt,
  type DrinkTabResponse,
  type DrinkTabView,
  type ValidDrinkTabRequest,
  type ValidTabOrderRequest,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { FestivalMetrics } from '../../common/metrics/festival-metrics.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PaymentDeclines, type PaymentClient } from '../payments/payment-declines.service.js';
import { PaymentEvents } from '../payments/payment-events.service.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { DrinkMenuService, DRINKS_LOCK, shortageRefusal } from './drink-menu.service.js';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { nextOrderNumber, toReceipt } from './drink-order.mapper.js';
import { DrinkTabEntity } from './drink-tab.entity.js';
import { tabTotal, toTabView, withoutPersonalData } from './drink-tab.mapper.js';
import { secretHash, secretMatches } from '../../common/secrets.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

/** `metadata.type` of a tab's card setup and of its closing charge. */
export const DRINK_TAB_TYPE = 'drink_tab';

/**
 * Tabs, the guest's side: a guest saves a card once, then puts orders on the tab from the same
 * phone without paying each time. The tab is charged once when it closes (by staff, or at the
 * end of the party): see DrinkTabClosingService.
 */
@Injectable()
export class DrinkTabsService implements OnModuleInit {
  private readonly logger = new Logger(DrinkTabsService.name);

  constructor(
    @InjectRepository(DrinkTabEntity) private readonly tabs: Repository<DrinkTabEntity>,
    @InjectRepository(DrinkOrderEntity) private readonly orders: Repository<DrinkOrderEntity>,
    private readonly menu: DrinkMenuService,
    private readonly gateway: PaymentGateway,
    private readonly events: PaymentEvents,
    private readonly exclusive: ExclusiveSection,
    private readonly declines: PaymentDeclines,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly seasons: SeasonsService,
    private readonly metrics: FestivalMetrics,
  ) {}

  onModuleInit(): void {
    this.events.onOrder(DRINK_TAB_TYPE, 'setup_intent.succeeded', (setupIntentId) => this.onSetupSucceeded(setupIntentId));
  }

  /** Creates the tab (pending), the gateway customer and the card setup. */
  async open(request: ValidDrinkTabRequest, client: PaymentClient): Promise<DrinkTabResponse> {
    await this.declines.assertMayStart({ address: client.address, email: request.customerEmail });
    const tabToken = randomBytes(24).toString('base64url');
    const tab = this.tabs.create({
      id: randomUUID(),
      eventId: await this.seasons.currentId(),
      tokenHash: secretHash(tabToken),
      status: 'pending',
      customerName: request.customerName,
      customerEmail: request.customerEmail ?? null,
      customerPhone: request.customerPhone ?? null,
      tableNumber: request.tableNumber ?? null,
      language: request.language ?? 'en',
      limitCents: this.config.tabLimitCents,
    });
    await this.exclusive.run(DRINKS_LOCK, (manager) => manager.insert(DrinkTabEntity, tab));
    try {
      const customer = await this.gateway.createCustomer({
        name: tab.customerName,
        email: tab.customerEmail ?? undefined,
        idempotencyKey: `drink-tab-customer-${tab.id}`,
      });
      const setup = await this.gateway.createSetupIntent({
        customerId: customer.id,
        metadata: {
          type: DRINK_TAB_TYPE,
          tabId: tab.id,
          ...PaymentDeclines.metadataOf({ address: client.address, email: request.customerEmail }),
        },
        idempotencyKey: `drink-tab-setup-${tab.id}`,
      });
      await this.exclusive.run(DRINKS_LOCK, (manager) =>
        manager.update(DrinkTabEntity, { id: tab.id }, { gatewayCustomerId: customer.id, setupIntentId: setup.id }),
      );
      return { clientSecret: setup.clientSecret, tabId: tab.id, tabToken };
    } catch (error) {
      this.logger.error(`Could not start the card setup of tab ${tab.id}: ${String(error)}`);
      throw new GuestRefusal(503, GUEST_REFUSALS.drinksStartFailed);
    }
  }

  /** The browser's confirmation after the card was saved: the tab opens. Repeats are harmless. */
  /**
   * The browser's confirmation after the card was saved (and checked by the gateway: Stripe's
   * set-up verifies the card with its bank, the simulated gateway refuses its declining cards).
   * The guest's name and orders are in the answer only for the phone holding the tab's token.
   */
  async confirmSetup(tabId: string, setupIntentId: string, tabToken?: string): Promise<DrinkTabView> {
    const tab = await this.tabs.findOneBy({ id: tabId });
    if (!tab) throw new GuestRefusal(404, GUEST_REFUSALS.tabNotFound);
    if (tab.setupIntentId !== setupIntentId) throw new GuestRefusal(409, GUEST_REFUSALS.tabSetupMismatch);
    if (tab.status === 'pending') await this.activate(tab);
    const view = await this.view(await this.tabs.findOneByOrFail({ id: tab.id }));
    return secretMatches(tabToken, tab.tokenHash) ? view : withoutPersonalData(view);
  }

  private async onSetupSucceeded(setupIntentId: string): Promise<void> {
    const tab = await this.tabs.findOneBy({ setupIntentId });
    if (tab?.status === 'pending') await this.activate(tab);
  }

  /** Opens a pending tab once the gateway says its card setup succeeded. */
  private async activate(tab: DrinkTabEntity): Promise<void> {
    const setupIntentId = tab.setupIntentId;
    const setup = setupIntentId ? await this.gateway.retrieveSetupIntent(setupIntentId) : undefined;
    if (!setup || setup.status !== 'succeeded' || !setup.paymentMethodId) throw new GuestRefusal(409, GUEST_REFUSALS.tabSetupIncomplete);
    if (setup.metadata.tabId !== tab.id) throw new GuestRefusal(409, GUEST_REFUSALS.tabSetupMismatch);
    await this.exclusive.run(DRINKS_LOCK, (manager) =>
      manager.update(
        DrinkTabEntity,
        { id: tab.id, status: 'pending' },
        {
          status: 'open',
          paymentMethodId: setup.paymentMethodId,
          gatewayCustomerId: setup.customerId || tab.gatewayCustomerId,
          openedAt: new Date(),
        },
      ),
    );
    this.logger.log(`Tab ${tab.id} opened`);
  }

  /** The guest's view of the tab; only the phone holding the tab's token may read it. */
  async guestView(tabId: string, token: string | undefined): Promise<DrinkTabView> {
    return this.view(await this.authorised(tabId, token));
  }

  /** An order onto an open tab: priced like any order, stock taken at once, straight to the bar. */
  async addOrder(tabId: string, request: ValidTabOrderRequest): Promise<DrinkOrderReceipt> {
    const tab = await this.authorised(tabId, request.tabToken);
    if (tab.status !== 'open') throw new GuestRefusal(409, closedTabRefusal(tab));
    const { lines, price } = await this.menu.priceOrder(request.items, request.total);

    const result = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const current = await manager.findOneByOrFail(DrinkTabEntity, { id: tab.id });
      if (current.status !== 'open') return { kind: 'refused' as const, error: new GuestRefusal(409, closedTabRefusal(current)) };
      // The tab's total with this order, taxed as its closing charge will be.
      const onTab = await tabTotal(manager, tab.id);
      const runningTotal = priceDrinksSubtotal(onTab.subtotalCents + price.subtotalCents).totalCents;
      if (runningTotal > current.limitCents) return { kind: 'refused' as const, error: new GuestRefusal(409, GUEST_REFUSALS.tabLimit) };
      const short = await this.menu.shortage(manager, lines);
      if (short) return { kind: 'refused' as const, error: shortageRefusal(short) };
      await this.menu.takeStock(manager, lines);
      const order = manager.create(DrinkOrderEntity, {
        id: randomUUID(),
        eventId: tab.eventId,
        number: await nextOrderNumber(manager),
        status: 'tab',
        barStatus: 'new',
        tabId: tab.id,
        customerName: tab.customerName,
        customerEmail: tab.customerEmail,
        customerPhone: tab.customerPhone,
        tableNumber: request.tableNumber ?? tab.tableNumber,
        language: request.language ?? tab.language,
        items: JSON.stringify(lines),
        subtotalCents: price.subtotalCents,
        taxCents: price.taxCents,
        totalCents: price.totalCents,
        paymentIntentId: null,
        clientSecretHash: null,
        placedAt: new Date(),
        refundId: null,
        failureReason: null,
      });
      await manager.insert(DrinkOrderEntity, order);
      return { kind: 'placed' as const, order };
    });
    if (result.kind === 'refused') throw result.error;
    this.metrics.orderSettled('drinks', 'on_tab');
    return toReceipt(result.order);
  }

  private async authorised(tabId: string, token: string | undefined): Promise<DrinkTabEntity> {
    const tab = await this.tabs.findOneBy({ id: tabId });
    if (!tab || !secretMatches(token, tab.tokenHash)) throw new GuestRefusal(404, GUEST_REFUSALS.tabNotFound);
    return tab;
  }

  private async view(tab: DrinkTabEntity): Promise<DrinkTabView> {
    const orders = await this.orders.find({ where: { tabId: tab.id, status: 'tab' }, order: { number: 'ASC' } });
    return toTabView(tab, orders);
  }
}

function closedTabRefusal(tab: DrinkTabEntity) {
  if (tab.status === 'pending') return GUEST_REFUSALS.tabPending;
  if (tab.status === 'closing') return GUEST_REFUSALS.tabClosing;
  return GUEST_REFUSALS.tabClosed;
}
