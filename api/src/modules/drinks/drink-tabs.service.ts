import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ConflictException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, MoreThanOrEqual, Repository, type EntityManager } from 'typeorm';
import {
  drinkTabReference,
  formatCents,
  priceDrinks,
  type DrinkOrderReceipt,
  type DrinkTabResponse,
  type DrinkTabView,
  type StaffDrinkTab,
  type ValidDrinkTabRequest,
  type ValidTabOrderRequest,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { PaymentEvents } from '../payments/payment-events.service.js';
import { CardDeclinedError, PaymentGateway, type GatewayEvent } from '../payments/payment-gateway.js';
import { DrinkMenuService, DRINKS_LOCK, shortageMessage } from './drink-menu.service.js';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { nextOrderNumber, toReceipt } from './drink-order.mapper.js';
import { DrinkTabEntity } from './drink-tab.entity.js';
import { gatewayCall } from './gateway-call.js';

/** `metadata.type` of a tab's card setup and of its closing charge. */
export const DRINK_TAB_TYPE = 'drink_tab';
/** A closing that has not finished after this long belongs to a process that died: it is retried. */
export const STALE_CLOSING_MS = 2 * 60_000;
/** Closed tabs stay on the staff list this long. */
const RECENTLY_CLOSED_MS = 12 * 60 * 60_000;

export type TabCloser = 'staff' | 'auto';

/** A card refused the tab's charge: 402, the tab stays open. */
export class TabChargeDeclinedException extends HttpException {
  constructor(message: string) {
    super({ message }, HttpStatus.PAYMENT_REQUIRED);
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Tabs: a guest saves a card once, puts orders on the tab from the same phone without paying
 * each time, and the tab is charged once when it closes (by staff, or at the end of the party).
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
  ) {}

  onModuleInit(): void {
    this.events.on('setup_intent.succeeded', (event) => this.onSetupSucceeded(event));
    this.events.on('payment_intent.succeeded', (event) => this.onChargeSucceeded(event));
  }

  /** Creates the tab (pending), the gateway customer and the card setup. */
  async open(request: ValidDrinkTabRequest): Promise<DrinkTabResponse> {
    const tabToken = randomBytes(24).toString('base64url');
    const tab = this.tabs.create({
      id: randomUUID(),
      tokenHash: hashToken(tabToken),
      status: 'pending',
      customerName: request.customerName,
      customerEmail: request.customerEmail ?? null,
      customerPhone: request.customerPhone ?? null,
      tableNumber: request.tableNumber ?? null,
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
        metadata: { type: DRINK_TAB_TYPE, tabId: tab.id },
        idempotencyKey: `drink-tab-setup-${tab.id}`,
      });
      await this.exclusive.run(DRINKS_LOCK, (manager) =>
        manager.update(DrinkTabEntity, { id: tab.id }, { gatewayCustomerId: customer.id, setupIntentId: setup.id }),
      );
      return { clientSecret: setup.clientSecret, tabId: tab.id, tabToken };
    } catch (error) {
      this.logger.error(`Could not start the card setup of tab ${tab.id}: ${String(error)}`);
      throw new ServiceUnavailableException('Error creating payment. Please try again.');
    }
  }

  /** The browser's confirmation after the card was saved: the tab opens. Repeats are harmless. */
  async confirmSetup(tabId: string, setupIntentId: string): Promise<DrinkTabView> {
    const tab = await this.tabs.findOneBy({ id: tabId });
    if (!tab) throw new NotFoundException('Tab not found');
    if (tab.setupIntentId !== setupIntentId) throw new ConflictException('This card setup does not belong to this tab');
    if (tab.status === 'pending') await this.activate(tab);
    return this.view(await this.tabs.findOneByOrFail({ id: tab.id }));
  }

  private async onSetupSucceeded(event: GatewayEvent): Promise<void> {
    if (event.metadata.type !== DRINK_TAB_TYPE) return;
    const tab = await this.tabs.findOneBy({ setupIntentId: event.objectId });
    if (!tab || tab.status !== 'pending') return;
    await this.activate(tab).catch((error: unknown) => {
      if (error instanceof ConflictException) return;
      throw error;
    });
  }

  /** Opens a pending tab once the gateway says its card setup succeeded. */
  private async activate(tab: DrinkTabEntity): Promise<void> {
    const setupIntentId = tab.setupIntentId;
    const setup = setupIntentId ? await gatewayCall(() => this.gateway.retrieveSetupIntent(setupIntentId)) : undefined;
    if (!setup || setup.status !== 'succeeded' || !setup.paymentMethodId) throw new ConflictException('Card setup was not completed');
    if (setup.metadata.tabId !== tab.id) throw new ConflictException('This card setup does not belong to this tab');
    await this.exclusive.run(DRINKS_LOCK, (manager) =>
      manager.update(
        DrinkTabEntity,
        { id: tab.id, status: 'pending' },
        { status: 'open', paymentMethodId: setup.paymentMethodId, gatewayCustomerId: setup.customerId || tab.gatewayCustomerId, openedAt: new Date() },
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
    if (tab.status !== 'open') throw new ConflictException(closedTabMessage(tab));
    const { lines, price } = await this.menu.priceOrder(request.items, request.total);

    const result = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const current = await manager.findOneByOrFail(DrinkTabEntity, { id: tab.id });
      if (current.status !== 'open') return { kind: 'refused' as const, message: closedTabMessage(current) };
      const short = await this.menu.shortage(manager, lines);
      if (short) return { kind: 'refused' as const, message: shortageMessage(short) };
      await this.menu.takeStock(manager, lines);
      const order = manager.create(DrinkOrderEntity, {
        id: randomUUID(),
        number: await nextOrderNumber(manager),
        status: 'tab',
        barStatus: 'new',
        tabId: tab.id,
        customerName: tab.customerName,
        customerEmail: tab.customerEmail,
        customerPhone: tab.customerPhone,
        tableNumber: request.tableNumber ?? tab.tableNumber,
        items: JSON.stringify(lines),
        subtotalCents: price.subtotalCents,
        taxCents: price.taxCents,
        totalCents: price.totalCents,
        paymentIntentId: null,
        placedAt: new Date(),
        refundId: null,
        failureReason: null,
      });
      await manager.insert(DrinkOrderEntity, order);
      return { kind: 'placed' as const, order };
    });
    if (result.kind === 'refused') throw new ConflictException(result.message);
    return toReceipt(result.order);
  }

  /**
   * Charges the saved card once for everything on the tab, with tax, and closes it. Closing a
   * closed tab changes nothing; a closing already under way is a 409; a declined card is a 402,
   * recorded on the tab for staff, and the tab stays open.
   */
  async close(tabId: string, closer: TabCloser): Promise<StaffDrinkTab> {
    const claim = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const tab = await manager.findOneBy(DrinkTabEntity, { id: tabId });
      if (!tab) return { kind: 'missing' as const };
      if (tab.status === 'closed' || tab.status === 'settled') return { kind: 'done' as const, tab };
      if (tab.status === 'pending') return { kind: 'refused' as const, message: 'This tab has no saved card yet' };
      const now = new Date();
      if (tab.status === 'closing' && tab.closingSince && now.getTime() - tab.closingSince.getTime() < STALE_CLOSING_MS) {
        return { kind: 'refused' as const, message: 'This tab is being closed right now' };
      }
      // Nothing can be added to a closing tab, so a retried closing charges the same total.
      const totals = await this.totals(tab.id, manager);
      // A new attempt gets a new idempotency key; one whose outcome is unknown keeps its key.
      const attempt = tab.chargeKey ? tab.closeAttempts : tab.closeAttempts + 1;
      const chargeKey = tab.chargeKey ?? `drink-tab-${tab.id}-charge-${attempt}`;
      await manager.update(
        DrinkTabEntity,
        { id: tab.id },
        { status: 'closing', closingSince: now, closeAttempts: attempt, chargeKey, subtotalCents: totals.subtotalCents, taxCents: totals.taxCents },
      );
      return { kind: 'charge' as const, tab: { ...tab, chargeKey, totalCents: totals.totalCents } };
    });
    if (claim.kind === 'missing') throw new NotFoundException('Tab not found');
    if (claim.kind === 'refused') throw new ConflictException(claim.message);
    if (claim.kind === 'done') return this.staffView(claim.tab);

    const tab = claim.tab;
    if (tab.totalCents === 0) {
      await this.finishClosing(tab.id, { chargedCents: 0, chargePaymentIntentId: null, closedBy: closer });
      this.logger.log(`Tab ${tab.id} closed with nothing to charge`);
      return this.staffView(await this.tabs.findOneByOrFail({ id: tab.id }));
    }

    let failure: string;
    try {
      const intent = await this.gateway.chargeSavedCard({
        customerId: tab.gatewayCustomerId ?? '',
        paymentMethodId: tab.paymentMethodId ?? '',
        amountCents: tab.totalCents,
        description: `Drinks tab ${drinkTabReference(tab.id)} (${tab.customerName})`,
        metadata: { type: DRINK_TAB_TYPE, tabId: tab.id },
        idempotencyKey: tab.chargeKey,
      });
      if (intent.status === 'succeeded') {
        await this.finishClosing(tab.id, { chargedCents: intent.amountCents, chargePaymentIntentId: intent.id, closedBy: closer });
        this.logger.log(`Tab ${tab.id} closed by ${closer}: charged ${formatCents(intent.amountCents)}`);
        return this.staffView(await this.tabs.findOneByOrFail({ id: tab.id }));
      }
      failure = intent.lastError ?? 'The card needs the guest to confirm the payment.';
    } catch (error) {
      if (!(error instanceof CardDeclinedError)) {
        // The outcome is unknown: the tab stays closing (nothing can be added to it) with its
        // idempotency key, so the retry, by staff or by the background sweep, charges at most once.
        await this.markChargeUnknown(tab.id, 'The payment service could not be reached. Try Close & Charge again.');
        this.logger.error(`Charging tab ${tab.id} failed: ${String(error)}`);
        throw new ServiceUnavailableException('The payment service could not be reached. Try Close & Charge again.');
      }
      failure = error.message;
    }
    await this.reopen(tab.id, failure);
    this.logger.warn(`Charging tab ${tab.id} was declined: ${failure}`);
    throw new TabChargeDeclinedException(`The card was declined: ${failure} The tab is still open.`);
  }

  /** Staff took the payment another way (after a declined card): the tab closes without a charge. */
  async settle(tabId: string): Promise<StaffDrinkTab> {
    const result = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const tab = await manager.findOneBy(DrinkTabEntity, { id: tabId });
      if (!tab) return { kind: 'missing' as const };
      if (tab.status === 'closing') return { kind: 'refused' as const, message: 'This tab is being closed right now' };
      if (tab.status === 'open' || tab.status === 'pending') {
        const totals = await this.totals(tab.id, manager);
        await manager.update(
          DrinkTabEntity,
          { id: tab.id, status: In(['open', 'pending']) },
          { status: 'settled', subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, chargedCents: 0, closedAt: new Date(), closedBy: 'bar' },
        );
      }
      return { kind: 'settled' as const, tab: await manager.findOneByOrFail(DrinkTabEntity, { id: tab.id }) };
    });
    if (result.kind === 'missing') throw new NotFoundException('Tab not found');
    if (result.kind === 'refused') throw new ConflictException(result.message);
    this.logger.log(`Tab ${tabId} settled at the bar`);
    return this.staffView(result.tab);
  }

  /** Open tabs (and those closed in the last hours) for staff, oldest first. */
  async staffTabs(): Promise<StaffDrinkTab[]> {
    const since = new Date(Date.now() - RECENTLY_CLOSED_MS);
    const rows = await this.tabs.find({
      where: [{ status: In(['open', 'closing']) }, { status: In(['closed', 'settled']), closedAt: MoreThanOrEqual(since) }],
      order: { openedAt: 'ASC', createdAt: 'ASC' },
      take: 500,
    });
    return Promise.all(rows.map((row) => this.staffView(row)));
  }

  /** Open tabs that have not been through the automatic close yet. */
  async openTabsNotAutoClosed(): Promise<DrinkTabEntity[]> {
    return this.tabs.find({ where: { status: 'open', autoCloseTriedAt: IsNull() }, order: { openedAt: 'ASC' } });
  }

  /** Tabs stuck in `closing` by a process that stopped mid-charge. */
  async staleClosings(now: Date): Promise<DrinkTabEntity[]> {
    const rows = await this.tabs.find({ where: { status: 'closing' } });
    return rows.filter((t) => !t.closingSince || now.getTime() - t.closingSince.getTime() >= STALE_CLOSING_MS);
  }

  /** Claims a tab for the automatic close (one replica, once). */
  async claimAutoClose(tabId: string): Promise<boolean> {
    const result = await this.exclusive.run(DRINKS_LOCK, (manager) =>
      manager.update(DrinkTabEntity, { id: tabId, status: 'open', autoCloseTriedAt: IsNull() }, { autoCloseTriedAt: new Date() }),
    );
    return result.affected === 1;
  }

  /** A tab's charge that succeeded at the gateway while its closing was interrupted. */
  private async onChargeSucceeded(event: GatewayEvent): Promise<void> {
    if (event.metadata.type !== DRINK_TAB_TYPE || !event.metadata.tabId) return;
    const tab = await this.tabs.findOneBy({ id: event.metadata.tabId });
    if (!tab || tab.status !== 'closing') return;
    const intent = await this.gateway.retrievePaymentIntent(event.objectId);
    if (!intent || intent.status !== 'succeeded' || intent.metadata.tabId !== tab.id) return;
    await this.finishClosing(tab.id, { chargedCents: intent.amountCents, chargePaymentIntentId: intent.id, closedBy: 'staff' });
  }

  private async finishClosing(
    tabId: string,
    result: { chargedCents: number; chargePaymentIntentId: string | null; closedBy: TabCloser },
  ): Promise<void> {
    await this.exclusive.run(DRINKS_LOCK, (manager) =>
      manager.update(
        DrinkTabEntity,
        { id: tabId, status: 'closing' },
        { ...result, status: 'closed', closedAt: new Date(), closingSince: null, lastChargeError: null, lastChargeAttemptAt: new Date() },
      ),
    );
  }

  /** A declined charge: the tab reopens, and the next attempt gets a new idempotency key. */
  private async reopen(tabId: string, error: string): Promise<void> {
    await this.exclusive.run(DRINKS_LOCK, (manager) =>
      manager.update(
        DrinkTabEntity,
        { id: tabId, status: 'closing' },
        { status: 'open', closingSince: null, chargeKey: null, lastChargeError: error.slice(0, 255), lastChargeAttemptAt: new Date() },
      ),
    );
  }

  /** A charge whose outcome is unknown: still closing, same key, retry allowed at once. */
  private async markChargeUnknown(tabId: string, error: string): Promise<void> {
    await this.exclusive.run(DRINKS_LOCK, (manager) =>
      manager.update(
        DrinkTabEntity,
        { id: tabId, status: 'closing' },
        { closingSince: null, lastChargeError: error.slice(0, 255), lastChargeAttemptAt: new Date() },
      ),
    );
  }

  /** The tab's running total: tax once on the subtotal of everything on it. */
  private async totals(tabId: string, manager: EntityManager = this.orders.manager) {
    const orders = await manager.findBy(DrinkOrderEntity, { tabId, status: 'tab' });
    return { orderCount: orders.length, ...priceDrinks(orders.flatMap((o) => o.lines)) };
  }

  private async authorised(tabId: string, token: string | undefined): Promise<DrinkTabEntity> {
    const tab = await this.tabs.findOneBy({ id: tabId });
    const expected = tab ? Buffer.from(tab.tokenHash, 'hex') : undefined;
    const given = Buffer.from(hashToken(token ?? ''), 'hex');
    if (!tab || !expected || !token || !timingSafeEqual(expected, given)) throw new NotFoundException('Tab not found');
    return tab;
  }

  private async view(tab: DrinkTabEntity): Promise<DrinkTabView> {
    const orders = await this.orders.find({ where: { tabId: tab.id, status: 'tab' }, order: { number: 'ASC' } });
    const price = priceDrinks(orders.flatMap((o) => o.lines));
    return {
      tabId: tab.id,
      reference: drinkTabReference(tab.id),
      status: tab.status,
      customerName: tab.customerName,
      tableNumber: tab.tableNumber,
      openedAt: tab.openedAt?.toISOString() ?? null,
      orders: orders.map(toReceipt),
      subtotalCents: price.subtotalCents,
      taxCents: price.taxCents,
      totalCents: price.totalCents,
      chargedCents: tab.chargedCents,
      closedAt: tab.closedAt?.toISOString() ?? null,
    };
  }

  private async staffView(tab: DrinkTabEntity): Promise<StaffDrinkTab> {
    const totals = await this.totals(tab.id);
    return {
      id: tab.id,
      reference: drinkTabReference(tab.id),
      status: tab.status,
      customerName: tab.customerName,
      customerEmail: tab.customerEmail,
      customerPhone: tab.customerPhone,
      tableNumber: tab.tableNumber,
      orderCount: totals.orderCount,
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      openedAt: tab.openedAt?.toISOString() ?? null,
      lastChargeError: tab.lastChargeError,
      lastChargeAttemptAt: tab.lastChargeAttemptAt?.toISOString() ?? null,
      chargedCents: tab.chargedCents,
      closedAt: tab.closedAt?.toISOString() ?? null,
      closedBy: tab.closedBy,
    };
  }
}

function closedTabMessage(tab: DrinkTabEntity): string {
  if (tab.status === 'pending') return 'This tab is not open yet: the card setup has not finished.';
  if (tab.status === 'closing') return 'This tab is being closed. Please pay for this order now.';
  return 'This tab is closed. Please pay now or open a new tab.';
}
