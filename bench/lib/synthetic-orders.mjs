// Synthetic orders for the data-at-scale benchmark (bench/analytics-queries.mjs): half party
// ticket orders (most paid, some abandoned: cancelled or with an expired hold, 30+ minutes old),
// three in ten feast pack orders, two in ten drinks orders (paid at once or put on a tab, a few
// refunded) with their tabs. Reproducible: the same total and time window give the same rows.
import { DrinkOrderEntity, DrinkTabEntity, FeastOrderEntity, PartyOrderEntity, seededRandom } from 'api/testing';

const SEED = 20251101;
const FIRST = ['Priya', 'Arjun', 'Lakshmi', 'Vikram', 'Anita', 'Rahul', 'Meera', 'Karthik', 'Sara', 'John', 'Deepa', 'Ravi'];
const LAST = ['Iyer', 'Reddy', 'Nair', 'Rao', 'Menon', 'Pillai', 'Smith', 'Krishnan', 'Garcia', 'Subramanian'];
const FEAST_ITEMS = ['Veg Feast Pack', 'Non-Veg Feast Pack', 'Family Feast Pack', 'Sweets Box', 'Mini Feast Pack'];
/** @type {[id: string, name: string, priceCents: number][]} */
const DRINKS = [
  ['mango-lassi', 'Mango Lassi', 600],
  ['masala-chai', 'Masala Chai', 400],
  ['filter-coffee', 'Filter Coffee', 450],
  ['rose-sharbat', 'Rose Sharbat', 550],
  ['nimbu-soda', 'Nimbu Soda', 500],
];
const TAX = 0.0938;

/**
 * When the orders were placed: at random instants from `start` (epoch milliseconds) for
 * `spanMs`.
 * @typedef {{ start: number, spanMs: number }} OrderWindow
 */

/**
 * `total` orders as rows of every column of their entities, all the first event's.
 * @param {number} total
 * @param {OrderWindow} window
 */
export function orderRows(total, { start, spanMs }) {
  const orderRand = seededRandom(SEED);
  /**
   * @template T
   * @param {readonly T[]} list
   */
  const orderPick = (list) => list[Math.floor(orderRand() * list.length)];
  /** @param {number} n */
  const person = (n) => {
    const first = orderPick(FIRST);
    const last = orderPick(LAST);
    return {
      customerName: `${first} ${last}`,
      customerEmail: `${first}.${last}.${n}@example.com`.toLowerCase(),
      customerPhone: `408555${String(n % 10000).padStart(4, '0')}`,
    };
  };
  const hour = 60 * 60 * 1000;
  const at = () => new Date(start + Math.floor(orderRand() * spanMs));
  const party = [];
  const feast = [];
  const drinks = [];
  const tabs = [];
  const partyCount = Math.round(total * 0.5);
  const feastCount = Math.round(total * 0.3);
  const drinkCount = total - partyCount - feastCount;
  for (let i = 0; i < partyCount; i += 1) {
    const createdAt = at();
    const r = orderRand();
    const status = r < 0.8 ? 'paid' : r < 0.92 ? 'cancelled' : 'pending';
    const adultTickets = 1 + Math.floor(orderRand() * 4);
    const childTickets = orderRand() < 0.3 ? 1 + Math.floor(orderRand() * 2) : 0;
    const subtotalCents = adultTickets * 4500 + childTickets * 2000;
    const taxCents = Math.round(subtotalCents * TAX);
    party.push({
      eventId: 1,
      id: `bench-party-${i}`,
      status,
      ...person(i),
      adultTickets,
      childTickets,
      adultPriceCents: 4500,
      childPriceCents: 2000,
      subtotalCents,
      groupDiscountPercent: 0,
      groupDiscountCents: 0,
      promoCode: null,
      promoDiscountPercent: 0,
      promoDiscountCents: 0,
      taxCents,
      totalCents: subtotalCents + taxCents,
      paymentIntentId: `pi_bench_party_${i}`,
      holdExpiresAt: new Date(createdAt.getTime() + 15 * 60_000),
      paidAt: status === 'paid' ? new Date(createdAt.getTime() + 3 * 60_000) : null,
      refundId: null,
      analyticsSessionId: null,
      emailStatus: status === 'paid' ? 'sent' : 'none',
      createdAt,
      updatedAt: createdAt,
    });
  }
  for (let i = 0; i < feastCount; i += 1) {
    const lines = 1 + Math.floor(orderRand() * 3);
    const items = Array.from({ length: lines }, () => ({ name: orderPick(FEAST_ITEMS), quantity: 1 + Math.floor(orderRand() * 3) }));
    feast.push({
      eventId: 1,
      id: `bench-feast-${i}`,
      ...person(100_000 + i),
      pickupDate: 'Friday, October 31',
      pickupTime: `${4 + Math.floor(orderRand() * 4)}:00 PM`,
      items: JSON.stringify(items),
      totalCents: items.reduce((n, l) => n + l.quantity * 3999, 0),
      createdAt: at(),
    });
  }
  const tabCount = Math.max(1, Math.round(drinkCount / 8));
  for (let i = 0; i < tabCount; i += 1) {
    const openedAt = at();
    tabs.push({
      eventId: 1,
      id: `bench-tab-${i}`,
      tokenHash: `bench-token-${i}`.padEnd(64, '0'),
      status: 'settled',
      ...person(200_000 + i),
      tableNumber: String(1 + (i % 40)),
      gatewayCustomerId: `cus_bench_${i}`,
      setupIntentId: `seti_bench_${i}`,
      paymentMethodId: `pm_bench_${i}`,
      openedAt,
      closeAttempts: 1,
      chargeKey: `bench-charge-${i}`,
      chargePaymentIntentId: `pi_bench_tab_${i}`,
      subtotalCents: 0,
      taxCents: 0,
      chargedCents: 0,
      closedAt: new Date(openedAt.getTime() + 3 * hour),
      closedBy: 'staff',
      createdAt: openedAt,
      updatedAt: openedAt,
    });
  }
  for (let i = 0; i < drinkCount; i += 1) {
    const r = orderRand();
    const status = r < 0.6 ? 'paid' : r < 0.97 ? 'tab' : 'refunded';
    const tab = status === 'tab' ? tabs[Math.floor(orderRand() * tabs.length)] : null;
    const items = Array.from({ length: 1 + Math.floor(orderRand() * 2) }, () => {
      const [id, name, price] = orderPick(DRINKS);
      return { id, name, price, quantity: 1 + Math.floor(orderRand() * 2) };
    });
    const subtotalCents = items.reduce((n, l) => n + l.price * l.quantity, 0);
    const taxCents = Math.round(subtotalCents * TAX);
    if (tab) {
      tab.subtotalCents += subtotalCents;
      tab.taxCents += taxCents;
      tab.chargedCents += subtotalCents + taxCents;
    }
    const placedAt = tab ? new Date(tab.openedAt.getTime() + Math.floor(orderRand() * 3 * hour)) : at();
    drinks.push({
      eventId: 1,
      id: `bench-drink-${i}`,
      number: i + 1,
      status,
      barStatus: 'served',
      tabId: tab?.id ?? null,
      ...person(300_000 + i),
      tableNumber: String(1 + (i % 40)),
      items: JSON.stringify(items),
      subtotalCents,
      taxCents,
      totalCents: subtotalCents + taxCents,
      paymentIntentId: tab ? null : `pi_bench_drink_${i}`,
      placedAt,
      refundId: status === 'refunded' ? `re_bench_${i}` : null,
      failureReason: status === 'refunded' ? 'A drink sold out before the order reached the bar' : null,
      createdAt: placedAt,
      updatedAt: placedAt,
    });
  }
  return { party, feast, tabs, drinks };
}

/**
 * Inserts `total` orders (orderRows) in batches of 500, and counts them.
 * @param {import('typeorm').DataSource} ds
 * @param {number} total
 * @param {OrderWindow} window
 */
export async function fillOrders(ds, total, window) {
  const started = Date.now();
  const { party, feast, tabs, drinks } = orderRows(total, window);
  /**
   * @template {import('typeorm').ObjectLiteral} E
   * @param {import('typeorm').EntityTarget<E>} entity
   * @param {Record<string, unknown>[]} rows every column of the entity
   */
  const insert = async (entity, rows) => {
    for (let i = 0; i < rows.length; i += 500) {
      await ds
        .getRepository(entity)
        .insert(/** @type {import('typeorm/query-builder/QueryPartialEntity.js').QueryDeepPartialEntity<E>[]} */ (rows.slice(i, i + 500)));
    }
  };
  await insert(PartyOrderEntity, party);
  await insert(FeastOrderEntity, feast);
  await insert(DrinkTabEntity, tabs);
  await insert(DrinkOrderEntity, drinks);
  return {
    ms: Date.now() - started,
    party: party.length,
    paidParty: party.filter((o) => o.status === 'paid').length,
    feast: feast.length,
    drinks: drinks.length,
    tabs: tabs.length,
  };
}
