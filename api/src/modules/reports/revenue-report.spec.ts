import { NOT_TRACKED_SOURCE } from '@festival/contracts';
import type { DrinkOrderEntity } from '../drinks/drink-order.entity.js';
import type { DrinkTabEntity } from '../drinks/drink-tab.entity.js';
import type { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { zonedDayHour, type ReportSales } from './report-sales.js';
import { drinksByHour, drinksByItem, reportTotals, revenueByChannel, revenueByDay, soldOrders, tabsReport } from './revenue-report.js';

const AT = new Date('2026-10-24T02:30:00Z'); // 7:30 PM on the 23rd in Los Angeles

function createPartyOrder(overrides: Partial<PartyOrderEntity> = {}): PartyOrderEntity {
  return {
    id: 'party-1',
    status: 'paid',
    customerName: 'Asha Raman',
    adultTickets: 2,
    childTickets: 1,
    refundedAdults: 0,
    refundedChildren: 0,
    refundedCents: 0,
    taxCents: 1219,
    totalCents: 14216,
    analyticsSessionId: null,
    createdAt: AT,
    ...overrides,
  } as PartyOrderEntity;
}

function createDrinkOrder(overrides: Partial<DrinkOrderEntity> = {}): DrinkOrderEntity {
  const items = [
    { id: 'mango-lassi', name: 'Mango Lassi', price: 650, quantity: 2 },
    { id: 'masala-chai', name: 'Masala Chai', price: 400, quantity: 1 },
  ];
  return {
    id: 'drink-1',
    status: 'paid',
    tabId: null,
    customerName: 'Priya',
    items: JSON.stringify(items),
    subtotalCents: 1700,
    taxCents: 159,
    totalCents: 1859,
    placedAt: AT,
    createdAt: AT,
    ...overrides,
  } as DrinkOrderEntity;
}

function createTab(overrides: Partial<DrinkTabEntity> = {}): DrinkTabEntity {
  return {
    id: 'abcdef12-tab',
    status: 'open',
    customerName: 'Arjun',
    tableNumber: '4',
    openedAt: AT,
    closedAt: null,
    chargePaymentIntentId: null,
    chargedCents: null,
    taxCents: null,
    ...overrides,
  } as DrinkTabEntity;
}

const sales = (overrides: Partial<ReportSales> = {}): ReportSales => ({
  party: [],
  feast: [],
  drinks: [],
  tabs: [],
  disputes: new Map(),
  ...overrides,
});
const ALL_DATES = { since: null, until: null };

describe('the revenue report', () => {
  it('adds tickets, drinks and tab charges, takes refunds off, and counts a comp apart from the tickets sold', () => {
    const totals = reportTotals(
      sales({
        party: [
          createPartyOrder({ refundedAdults: 1, refundedCents: 5468 }),
          createPartyOrder({ id: 'comp', comp: true, totalCents: 0, taxCents: 0, adultTickets: 2, childTickets: 0 }),
          // A late payment refunded whole: no refund rows, its whole total.
          createPartyOrder({ id: 'late', status: 'refunded', totalCents: 5468, taxCents: 469, adultTickets: 1, childTickets: 0 }),
        ],
        drinks: [createDrinkOrder(), createDrinkOrder({ id: 'on-tab', status: 'tab', tabId: 'abcdef12-tab' })],
        tabs: [createTab({ status: 'closed', closedAt: AT, chargePaymentIntentId: 'pi_1', chargedCents: 1859, taxCents: 159 })],
      }),
      ALL_DATES,
    );
    expect(totals).toEqual({
      ticketRevenueCents: 14216 + 5468,
      drinksRevenueCents: 1859 + 1859,
      tipsCents: 0,
      tipsPayNowCents: 0,
      tipsTabCents: 0,
      feastRevenueCents: 0,
      refundsCents: 5468 + 5468,
      disputedCents: 0,
      disputesLostCents: 0,
      netCents: 14216 + 5468 + 1859 + 1859 - (5468 + 5468),
      taxCents: 1219 + 469 + 159 + 159,
      ticketsSold: 2, // the comp's 2 are counted apart
      compOrders: 1,
      compTickets: 2,
    });
  });

  it('puts tips on their own line, per payment method and per day, out of drinks revenue and into net', () => {
    const tipped = sales({
      drinks: [createDrinkOrder({ totalCents: 1859 + 255, tipCents: 255 })],
      tabs: [
        createTab({
          status: 'closed',
          closedAt: AT,
          chargePaymentIntentId: 'pi_tab',
          chargedCents: 1859 + 300,
          taxCents: 159,
          tipCents: 300,
        }),
      ],
    });
    expect(reportTotals(tipped, ALL_DATES)).toMatchObject({
      drinksRevenueCents: 1859 + 1859,
      tipsCents: 555,
      tipsPayNowCents: 255,
      tipsTabCents: 300,
      netCents: 1859 + 1859 + 555,
      taxCents: 159 + 159,
    });
    const [day] = revenueByDay(tipped, ALL_DATES, 'America/Los_Angeles');
    expect(day).toMatchObject({ drinksCents: 1859 + 1859, tipsPayNowCents: 255, tipsTabCents: 300 });
  });

  it('takes refunds made in the gateway’s dashboard off drinks and tabs, and lost chargebacks off net; open ones are held apart', () => {
    const totals = reportTotals(
      sales({
        party: [
          createPartyOrder({ paymentIntentId: 'pi_party' }),
          createPartyOrder({ id: 'won', paymentIntentId: 'pi_won', totalCents: 5468, taxCents: 469 }),
        ],
        // A pay-now order refunded in part at the gateway; a tab's charge refunded in part.
        drinks: [createDrinkOrder({ paymentIntentId: 'pi_drink', refundedCents: 650 })],
        tabs: [
          createTab({
            status: 'closed',
            closedAt: AT,
            chargePaymentIntentId: 'pi_tab',
            chargedCents: 2500,
            taxCents: 200,
            refundedCents: 500,
          }),
        ],
        disputes: new Map([
          ['pi_party', { status: 'lost' as const, amountCents: 14216 }],
          ['pi_drink', { status: 'open' as const, amountCents: 1209 }],
          ['pi_won', { status: 'won' as const, amountCents: 5468 }],
        ]),
      }),
      ALL_DATES,
    );
    expect(totals).toMatchObject({
      ticketRevenueCents: 14216 + 5468,
      drinksRevenueCents: 1859 + 2500,
      refundsCents: 650 + 500,
      disputedCents: 1209,
      disputesLostCents: 14216,
      netCents: 14216 + 5468 + 1859 + 2500 - (650 + 500) - 14216,
    });
    // The lost chargeback leaves its order's channel revenue too.
    expect(
      soldOrders(
        sales({
          party: [createPartyOrder({ paymentIntentId: 'pi_party' })],
          disputes: new Map([['pi_party', { status: 'lost' as const, amountCents: 14216 }]]),
        }),
      ),
    ).toEqual([{ sessionId: null, revenueCents: 0 }]);
  });

  it('counts drinks by item and by hour of the night in the party time zone, leaving out refunded ones', () => {
    const drinks = [
      createDrinkOrder(),
      createDrinkOrder({ id: 'refunded', status: 'refunded' }),
      createDrinkOrder({ id: 'tab', status: 'tab' }),
    ];
    expect(drinksByItem(sales({ drinks }))).toEqual([
      { name: 'Mango Lassi', quantity: 4, revenueCents: 2600 },
      { name: 'Masala Chai', quantity: 2, revenueCents: 800 },
    ]);
    expect(drinksByHour(sales({ drinks }), 'America/Los_Angeles')).toEqual([{ hour: '2026-10-23 19:00', orders: 2, revenueCents: 3718 }]);
    expect(zonedDayHour(AT, 'Asia/Kolkata')).toEqual({ day: '2026-10-24', hour: '08' });
  });

  it('reports per hour of the party clock across the night the clocks go back: the repeated 1 AM twice, in order', () => {
    const LA = 'America/Los_Angeles';
    const at = (iso: string, id: string) => createDrinkOrder({ id, placedAt: new Date(iso), createdAt: new Date(iso) });
    const drinks = [
      at('2026-11-01T07:45:00Z', 'midnight'), // 00:45 PDT
      at('2026-11-01T09:10:00Z', 'second-1am'), // 01:10 PST, the second 1 AM
      at('2026-11-01T08:05:00Z', 'first-1am'), // 01:05 PDT, the first 1 AM
      at('2026-11-01T08:55:00Z', 'first-1am-late'), // 01:55 PDT
      at('2026-11-01T10:00:00Z', 'two'), // 02:00 PST
    ];
    expect(drinksByHour(sales({ drinks }), LA)).toEqual([
      { hour: '2026-11-01 00:00', orders: 1, revenueCents: 1859 },
      { hour: '2026-11-01 01:00 UTC-7', orders: 2, revenueCents: 3718 },
      { hour: '2026-11-01 01:00 UTC-8', orders: 1, revenueCents: 1859 },
      { hour: '2026-11-01 02:00', orders: 1, revenueCents: 1859 },
    ]);
  });

  it('reports per hour of the party clock across the night the clocks go forward: no 2 AM', () => {
    const LA = 'America/Los_Angeles';
    const at = (iso: string, id: string) => createDrinkOrder({ id, placedAt: new Date(iso), createdAt: new Date(iso) });
    const drinks = [
      at('2026-03-08T09:59:00Z', 'one'), // 01:59 PST
      at('2026-03-08T10:00:00Z', 'three'), // 03:00 PDT, a minute later
      at('2026-03-08T10:30:00Z', 'three-thirty'), // 03:30 PDT
    ];
    expect(drinksByHour(sales({ drinks }), LA)).toEqual([
      { hour: '2026-03-08 01:00', orders: 1, revenueCents: 1859 },
      { hour: '2026-03-08 03:00', orders: 2, revenueCents: 3718 },
    ]);
  });

  it('shows open tabs with what is on them and closed ones with their charge', () => {
    const tabs = tabsReport(
      sales({
        drinks: [createDrinkOrder({ status: 'tab', tabId: 'abcdef12-tab' })],
        tabs: [
          createTab(),
          createTab({ id: 'closed12-tab', status: 'closed', closedAt: AT, chargePaymentIntentId: 'pi_2', chargedCents: 2500 }),
        ],
      }),
    );
    expect(tabs.open).toEqual({ count: 1, totalCents: 1859 });
    expect(tabs.closed).toEqual({ count: 1, totalCents: 2500 });
    expect(tabs.tabs.map((t) => [t.reference, t.status, t.orders, t.totalCents])).toEqual([
      ['ABCDEF12', 'open', 1, 1859],
      ['CLOSED12', 'closed', 0, 2500],
    ]);
  });

  it('credits each order to its session’s first touch, the rest to (not tracked), with revenue per visit', () => {
    const orders = soldOrders(
      sales({
        party: [
          createPartyOrder({ analyticsSessionId: 's-1', refundedCents: 5468 }),
          createPartyOrder({ id: 'untracked', totalCents: 5468 }),
          createPartyOrder({ id: 'comp', comp: true, totalCents: 0, analyticsSessionId: 's-1' }),
        ],
      }),
    );
    const rows = revenueByChannel(orders, new Map([['s-1', { source: 'facebook', medium: 'social', campaign: 'diwali' }]]), [
      { source: 'facebook', medium: 'social', campaign: 'diwali', pageViews: 3, conversions: 1 },
      { source: 'direct', medium: 'none', campaign: null, pageViews: 10, conversions: 0 },
    ]);
    expect(rows).toEqual([
      { source: 'facebook', medium: 'social', campaign: 'diwali', visits: 3, orders: 1, revenueCents: 8748, revenuePerVisitCents: 2916 },
      { source: NOT_TRACKED_SOURCE, medium: 'none', campaign: null, visits: 0, orders: 1, revenueCents: 5468, revenuePerVisitCents: null },
      { source: 'direct', medium: 'none', campaign: null, visits: 10, orders: 0, revenueCents: 0, revenuePerVisitCents: 0 },
    ]);
  });
});
