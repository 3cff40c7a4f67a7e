import { Injectable, type OnModuleInit } from '@nestjs/common';
import { GatewayRefundSync, refundedCentsKind, type GatewayRefundKind } from '../payments/order-lifecycle/gateway-refund-sync.js';
import { DRINKS_LOCK } from './drink-menu.service.js';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { DrinkTabEntity } from './drink-tab.entity.js';
import { DrinkReceipts } from './receipts/drink-receipts.service.js';

/**
 * A pay-now drinks order refunded at the gateway: what was refunded is recorded on it
 * (`refundedCents`); refunded whole, it is `refunded` and leaves the bar's queue. Our own refund
 * of an order whose drink sold out (`refunding`) finishes as before.
 */
const drinkOrders = refundedCentsKind<DrinkOrderEntity>({ label: 'Drink order', lock: DRINKS_LOCK, entity: DrinkOrderEntity });

/** A tab's charge refunded at the gateway: recorded on the tab. */
const tabCharges: GatewayRefundKind<DrinkTabEntity> = {
  label: 'Tab',
  lock: DRINKS_LOCK,
  entity: DrinkTabEntity,
  paymentColumn: 'chargePaymentIntentId',
  paidCents: (tab) => tab.chargedCents ?? 0,
  accountedCents: async (_manager, tab) => tab.refundedCents,
  record: async (manager, tab, { refundedCents }) => {
    await manager.update(DrinkTabEntity, { id: tab.id }, { refundedCents, refundedAt: new Date() });
    return true;
  },
};

/** Refunds made in the gateway's dashboard (`charge.refunded`), recorded on the drinks order or the tab they belong to. */
@Injectable()
export class DrinkGatewayRefunds implements OnModuleInit {
  constructor(
    private readonly refundSync: GatewayRefundSync,
    private readonly receipts: DrinkReceipts,
  ) {}

  onModuleInit(): void {
    // Each refund recorded sends the guest an updated receipt (when the order or tab has an e-mail).
    this.refundSync.register({ ...drinkOrders, recorded: async (before) => void (await this.receipts.queueForOrder(before.id, 'refund')) });
    this.refundSync.register({ ...tabCharges, recorded: async (before) => void (await this.receipts.queueForTab(before.id, 'refund')) });
  }
}
