import type { EntityManager } from 'typeorm';
import { drinkTabReference, priceDrinks, priceDrinksSubtotal, type DrinkTabView, type StaffDrinkTab, type Tip } from '@festival/contracts';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { toReceipt } from './drink-order.mapper.js';
import type { DrinkTabEntity } from './drink-tab.entity.js';

/** What is on a tab so far: its orders, and one price for them all (tax once on the subtotal). */
export interface TabTotals {
  orderCount: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

const NOTHING_YET: TabTotals = { orderCount: 0, ...priceDrinksSubtotal(0) };

/** The running totals of any number of tabs, in one grouped query. */
export async function tabTotals(manager: EntityManager, tabIds: readonly string[]): Promise<Map<string, TabTotals>> {
  const totals = new Map<string, TabTotals>();
  if (tabIds.length === 0) return totals;
  const rows = await manager
    .createQueryBuilder(DrinkOrderEntity, 'o')
    .select('o.tabId', 'tabId')
    .addSelect('COUNT(*)', 'orderCount')
    .addSelect('SUM(o.subtotalCents)', 'subtotalCents')
    .where("o.status = 'tab'")
    .andWhere('o.tabId IN (:...tabIds)', { tabIds })
    .groupBy('o.tabId')
    .getRawMany<{ tabId: string; orderCount: number | string; subtotalCents: number | string }>();
  for (const row of rows) {
    totals.set(row.tabId, { orderCount: Number(row.orderCount), ...priceDrinksSubtotal(Number(row.subtotalCents)) });
  }
  return totals;
}

/** One tab's running totals. */
export async function tabTotal(manager: EntityManager, tabId: string): Promise<TabTotals> {
  return (await tabTotals(manager, [tabId])).get(tabId) ?? NOTHING_YET;
}

/** A tab's view without the guest's name, for a caller that does not hold the tab's token. */
export function withoutPersonalData(view: DrinkTabView): DrinkTabView {
  const { customerName: _name, ...rest } = view;
  return { ...rest, orders: [] };
}

/** The guest's view: every order on the tab (oldest first) and the running total. */
export function toTabView(tab: DrinkTabEntity, orders: DrinkOrderEntity[]): DrinkTabView {
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
    limitCents: tab.limitCents,
    tip: tipChoiceOf(tab),
    tipCents: tab.tipCents,
  };
}

/** The guest's tip choice kept on the tab (null: no tip). */
export function tipChoiceOf(tab: Pick<DrinkTabEntity, 'tipChoice'>): Tip | null {
  return tab.tipChoice ? (JSON.parse(tab.tipChoice) as Tip) : null;
}

/** The staff's view: contact details, totals, and how the closing went. */
export function toStaffTab(tab: DrinkTabEntity, totals: TabTotals = NOTHING_YET): StaffDrinkTab {
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
    limitCents: tab.limitCents,
    tipCents: tab.tipCents,
    ...(tab.ticketOrderId ? { fromTicket: true } : {}),
  };
}
