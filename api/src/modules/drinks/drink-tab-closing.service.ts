import { ConflictException, HttpStatus, Inject, Injectable, Logger, ServiceUnavailableException, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, MoreThanOrEqual, Repository } from 'typeorm';
import { drinkTabReference, formatCents, tipCentsOf, type StaffDrinkTab } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { FestivalMetrics } from '../../common/metrics/festival-metrics.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PaymentEvents } from '../payments/payment-events.service.js';
import { CardDeclinedError, PaymentGateway } from '../payments/payment-gateway.js';
import { DRINKS_LOCK } from './drink-menu.service.js';
import { DrinkTabEntity } from './drink-tab.entity.js';
import { tabTotal, tabTotals, tipChoiceOf, toStaffTab } from './drink-tab.mapper.js';
import { DrinkReceipts } from './receipts/drink-receipts.service.js';
import { DRINK_TAB_TYPE } from './drink-tabs.service.js';
import { GUEST_REFUSALS, GuestRefusal } from '../../common/guest-refusals.js';

/** A closing that has not finished after this long belongs to a process that died: it is retried. */
export const STALE_CLOSING_MS = 2 * 60_000;
/** Closed tabs stay on the staff list this long. */
const RECENTLY_CLOSED_MS = 12 * 60 * 60_000;

export type TabCloser = 'staff' | 'auto' | 'guest';

/** A staff closing's activity-log entry, written with its outcome. */
interface TabLogEntry {
  actor: StaffActor;
  object: string;
  detail: string;
  /** The tab's id. */
  subjectId: string;
}

/** A tab as the activity log names it. */
export const tabLabel = (tab: Pick<DrinkTabEntity, 'id' | 'customerName'>): string =>
  `Tab ${drinkTabReference(tab.id)} (${tab.customerName})`;

/** A card refused the tab's charge: 402, the tab stays open. */
export class TabChargeDeclinedException extends GuestRefusal {
  /** `reason`: the gateway's words for the decline (English). */
  constructor(reason: string) {
    super(HttpStatus.PAYMENT_REQUIRED, GUEST_REFUSALS.tabDeclined, { reason });
  }
}

/**
 * The staff's side of tabs and their closing: one charge of the saved card for everything on
 * the tab. `open` -> `closing` (claimed under the drinks lock, nothing more can be added) ->
 * `closed`; a declined card reopens the tab, an unknown outcome keeps it closing with the same
 * idempotency key so a retry charges at most once. Also the hooks of the end-of-party sweep.
 */
@Injectable()
export class DrinkTabClosingService implements OnModuleInit {
  private readonly logger = new Logger(DrinkTabClosingService.name);

  constructor(
    @InjectRepository(DrinkTabEntity) private readonly tabs: Repository<DrinkTabEntity>,
    private readonly gateway: PaymentGateway,
    private readonly events: PaymentEvents,
    private readonly exclusive: ExclusiveSection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityLog,
    private readonly receipts: DrinkReceipts,
    private readonly metrics: FestivalMetrics,
  ) {}

  onModuleInit(): void {
    this.events.onOrder(DRINK_TAB_TYPE, 'payment_intent.succeeded', (paymentIntentId, event) =>
      this.onChargeSucceeded(paymentIntentId, event.metadata.tabId),
    );
  }

  /** Open tabs (and those closed in the last hours) for staff, oldest first. */
  async staffTabs(): Promise<StaffDrinkTab[]> {
    const since = new Date(Date.now() - RECENTLY_CLOSED_MS);
    const rows = await this.tabs.find({
      where: [{ status: In(['open', 'closing']) }, { status: In(['closed', 'settled']), closedAt: MoreThanOrEqual(since) }],
      order: { openedAt: 'ASC', createdAt: 'ASC' },
      take: 500,
    });
    const totals = await tabTotals(
      this.tabs.manager,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toStaffTab(row, totals.get(row.id)));
  }

  /**
   * Charges the saved card once for everything on the tab, with tax, and closes it. Closing a
   * closed tab changes nothing; a closing already under way is a 409; a declined card is a 402,
   * recorded on the tab for staff, and the tab stays open.
   */
  async close(tabId: string, closer: TabCloser, actor?: StaffActor): Promise<StaffDrinkTab> {
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
      const totals = await tabTotal(manager, tab.id);
      // The guest's tip choice, a percent computed here on the tab's subtotal (never taxed).
      const tipCents = Math.min(tipCentsOf(totals.subtotalCents, tipChoiceOf(tab)), totals.subtotalCents);
      // A new attempt gets a new idempotency key; one whose outcome is unknown keeps its key.
      const attempt = tab.chargeKey ? tab.closeAttempts : tab.closeAttempts + 1;
      const chargeKey = tab.chargeKey ?? `drink-tab-${tab.id}-charge-${attempt}`;
      await manager.update(
        DrinkTabEntity,
        { id: tab.id },
        {
          status: 'closing',
          closingSince: now,
          closeAttempts: attempt,
          chargeKey,
          subtotalCents: totals.subtotalCents,
          taxCents: totals.taxCents,
          tipCents,
        },
      );
      return { kind: 'charge' as const, tab: { ...tab, chargeKey, totalCents: totals.totalCents + tipCents } };
    });
    if (claim.kind === 'missing') throw new GuestRefusal(404, GUEST_REFUSALS.tabNotFound);
    if (claim.kind === 'refused') throw new ConflictException(claim.message);
    if (claim.kind === 'done') return this.staffView(claim.tab);

    const tab = claim.tab;
    // The activity log's entry, when staff closed it (written with the outcome, in its transaction).
    const logged = (detail: string): TabLogEntry | undefined =>
      actor ? { actor, object: tabLabel(tab), detail, subjectId: tab.id } : undefined;
    if (tab.totalCents === 0) {
      await this.finishClosing(
        tab.id,
        { chargedCents: 0, chargePaymentIntentId: null, closedBy: closer },
        logged('closed, nothing to charge'),
      );
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
        await this.finishClosing(
          tab.id,
          { chargedCents: intent.amountCents, chargePaymentIntentId: intent.id, closedBy: closer },
          logged(`charged ${formatCents(intent.amountCents)}`),
        );
        this.logger.log(`Tab ${tab.id} closed by ${closer}: charged ${formatCents(intent.amountCents)}`);
        return this.staffView(await this.tabs.findOneByOrFail({ id: tab.id }));
      }
      failure = intent.lastError ?? 'The card needs the guest to confirm the payment.';
    } catch (error) {
      if (!(error instanceof CardDeclinedError)) {
        // The outcome is unknown: the tab stays closing (nothing can be added to it) with its
        // idempotency key, so the retry, by staff or by the background sweep, charges at most once.
        await this.markChargeUnknown(
          tab.id,
          'The payment service could not be reached. Try Close & Charge again.',
          logged('payment service unreachable; still closing'),
        );
        this.logger.error(`Charging tab ${tab.id} failed: ${String(error)}`);
        throw new ServiceUnavailableException('The payment service could not be reached. Try Close & Charge again.');
      }
      failure = error.message;
    }
    await this.reopen(tab.id, failure, logged(`card declined: ${failure}`));
    this.logger.warn(`Charging tab ${tab.id} was declined: ${failure}`);
    throw new TabChargeDeclinedException(failure);
  }

  /**
   * `Approve more` on the bar screen: the guest showed the bar they can pay, and the tab may run
   * up another TAB_LIMIT_CENTS.
   */
  async approveMore(tabId: string, actor: StaffActor): Promise<StaffDrinkTab> {
    const result = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const tab = await manager.findOneBy(DrinkTabEntity, { id: tabId });
      if (!tab) return 'missing';
      if (tab.status !== 'open') return 'not-open';
      await manager.increment(DrinkTabEntity, { id: tab.id, status: 'open' }, 'limitCents', this.config.tabLimitCents);
      await this.activity.record(manager, actor, {
        action: 'tab.limit',
        object: tabLabel(tab),
        detail: `limit ${formatCents(tab.limitCents)} -> ${formatCents(tab.limitCents + this.config.tabLimitCents)}`,
        subjectId: tab.id,
      });
      return 'raised';
    });
    if (result === 'missing') throw new GuestRefusal(404, GUEST_REFUSALS.tabNotFound);
    if (result === 'not-open') throw new ConflictException('Only an open tab can be approved for more');
    const tab = await this.tabs.findOneByOrFail({ id: tabId });
    this.logger.log(`Tab ${tab.id} may now run up ${formatCents(tab.limitCents)}`);
    return this.staffView(tab);
  }

  /** Staff took the payment another way (after a declined card): the tab closes without a charge. */
  async settle(tabId: string, actor: StaffActor): Promise<StaffDrinkTab> {
    const result = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const tab = await manager.findOneBy(DrinkTabEntity, { id: tabId });
      if (!tab) return { kind: 'missing' as const };
      if (tab.status === 'closing') return { kind: 'refused' as const, message: 'This tab is being closed right now' };
      if (tab.status === 'open' || tab.status === 'pending') {
        const totals = await tabTotal(manager, tab.id);
        await manager.update(
          DrinkTabEntity,
          { id: tab.id, status: In(['open', 'pending']) },
          {
            status: 'settled',
            subtotalCents: totals.subtotalCents,
            taxCents: totals.taxCents,
            chargedCents: 0,
            closedAt: new Date(),
            closedBy: 'bar',
          },
        );
        await this.activity.record(manager, actor, {
          action: 'tab.settle',
          object: tabLabel(tab),
          detail: `paid another way: ${formatCents(totals.totalCents)}`,
          subjectId: tab.id,
        });
      }
      return { kind: 'settled' as const, tab: await manager.findOneByOrFail(DrinkTabEntity, { id: tab.id }) };
    });
    if (result.kind === 'missing') throw new GuestRefusal(404, GUEST_REFUSALS.tabNotFound);
    if (result.kind === 'refused') throw new ConflictException(result.message);
    this.logger.log(`Tab ${tabId} settled at the bar`);
    return this.staffView(result.tab);
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
  private async onChargeSucceeded(paymentIntentId: string, tabId: string | undefined): Promise<void> {
    const tab = tabId ? await this.tabs.findOneBy({ id: tabId }) : null;
    if (!tab || tab.status !== 'closing') return;
    const intent = await this.gateway.retrievePaymentIntent(paymentIntentId);
    if (!intent || intent.status !== 'succeeded' || intent.metadata.tabId !== tab.id) return;
    await this.finishClosing(tab.id, { chargedCents: intent.amountCents, chargePaymentIntentId: intent.id, closedBy: 'staff' });
  }

  private async finishClosing(
    tabId: string,
    result: { chargedCents: number; chargePaymentIntentId: string | null; closedBy: TabCloser },
    log?: TabLogEntry,
  ): Promise<void> {
    const closed = await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const done = await manager.update(
        DrinkTabEntity,
        { id: tabId, status: 'closing' },
        { ...result, status: 'closed', closedAt: new Date(), closingSince: null, lastChargeError: null, lastChargeAttemptAt: new Date() },
      );
      if (done.affected && log)
        await this.activity.record(manager, log.actor, {
          action: 'tab.close',
          object: log.object,
          detail: log.detail,
          subjectId: log.subjectId,
        });
      // The itemised receipt of a tab closed and charged, queued with the close (once: only the closing that closed it).
      if (done.affected && result.chargedCents > 0) await this.receipts.queueForTab(tabId, 'closed', manager);
      return Boolean(done.affected);
    });
    if (closed) this.receipts.sendSoon();
    // The tab's one charge, counted by the closing that closed it.
    if (closed && result.chargedCents > 0) this.metrics.orderSettled('tab', 'paid', result.chargedCents);
  }

  /** A declined charge: the tab reopens, and the next attempt gets a new idempotency key. */
  private async reopen(tabId: string, error: string, log?: TabLogEntry): Promise<void> {
    await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const reopened = await manager.update(
        DrinkTabEntity,
        { id: tabId, status: 'closing' },
        { status: 'open', closingSince: null, chargeKey: null, lastChargeError: error.slice(0, 255), lastChargeAttemptAt: new Date() },
      );
      if (reopened.affected && log)
        await this.activity.record(manager, log.actor, {
          action: 'tab.close',
          object: log.object,
          detail: log.detail,
          subjectId: log.subjectId,
        });
    });
  }

  /** A charge whose outcome is unknown: still closing, same key, retry allowed at once. */
  private async markChargeUnknown(tabId: string, error: string, log?: TabLogEntry): Promise<void> {
    await this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const marked = await manager.update(
        DrinkTabEntity,
        { id: tabId, status: 'closing' },
        { closingSince: null, lastChargeError: error.slice(0, 255), lastChargeAttemptAt: new Date() },
      );
      if (marked.affected && log)
        await this.activity.record(manager, log.actor, {
          action: 'tab.close',
          object: log.object,
          detail: log.detail,
          subjectId: log.subjectId,
        });
    });
  }

  private async staffView(tab: DrinkTabEntity): Promise<StaffDrinkTab> {
    return toStaffTab(tab, await tabTotal(this.tabs.manager, tab.id));
  }
}
