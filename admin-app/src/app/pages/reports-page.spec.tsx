import { QueryClientProvider } from '@festival/query';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import type { DrinkTabDetails, SeasonsResponse, ReconciliationReport, RevenueReport } from '@festival/contracts';
import { MemoryRouter } from '@festival/router/memory';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { ReportsPage } from './reports-page';

// The charts draw on a canvas jsdom does not have; the page's tables are what these specs read.
jest.mock('../../features/reports/components/revenue-charts', () => ({ RevenueByDayChart: () => null, DrinksByHourChart: () => null }));

beforeAll(prepareJsdomForAntd);
configure({ asyncUtilTimeout: 10_000 });

const EVENTS: SeasonsResponse = {
  events: [{ id: 3, name: 'Diwali DJ Night', date: '2026-10-24', status: 'on-sale', createdAt: '2026-01-01T00:00:00.000Z' }],
  current: 3,
};

function createReport(overrides: Partial<RevenueReport> = {}): RevenueReport {
  return {
    timeZone: 'America/Los_Angeles',
    totals: {
      ticketRevenueCents: 19684,
      drinksRevenueCents: 1859,
      tipsCents: 555,
      tipsPayNowCents: 255,
      tipsTabCents: 300,
      feastRevenueCents: 0,
      refundsCents: 5468,
      disputedCents: 0,
      disputesLostCents: 0,
      netCents: 16075,
      taxCents: 1847,
      ticketsSold: 3,
      compOrders: 1,
      compTickets: 2,
    },
    byDay: [],
    drinksByHour: [],
    channels: [
      {
        source: 'facebook',
        medium: 'social',
        campaign: 'diwali_party_fb',
        visits: 2,
        orders: 1,
        revenueCents: 8748,
        revenuePerVisitCents: 4374,
      },
    ],
    drinksByItem: [{ name: 'Mango Lassi', quantity: 2, revenueCents: 1300 }],
    ticketsByType: [
      { name: 'Adult', sold: 5, refunded: 0, seats: 5, revenueCents: 19996 },
      { name: 'VIP Table', sold: 1, refunded: 1, seats: 8, revenueCents: 40000 },
    ],
    tabs: { open: { count: 0, totalCents: 0 }, closed: { count: 0, totalCents: 0 }, tabs: [] },
    ...overrides,
  };
}

const TAB: DrinkTabDetails = {
  id: 'ab12cd34-0000-4000-8000-000000000000',
  reference: 'AB12CD34',
  status: 'closed',
  customerName: 'Kavya Reddy',
  customerEmail: null,
  customerPhone: null,
  tableNumber: '9',
  orders: [
    {
      id: 'o-1',
      number: 13,
      barStatus: 'served',
      items: [{ name: 'Kingfisher Premium', quantity: 1 }],
      subtotalCents: 800,
      createdAt: '2026-10-24T03:00:00.000Z',
    },
  ],
  subtotalCents: 800,
  taxCents: 75,
  totalCents: 875,
  tipCents: 0,
  chargedCents: 875,
  refundedCents: 0,
  limitCents: 15000,
  paymentReference: 'pi_sim_tab',
  closedBy: 'staff',
  lastChargeError: null,
  dispute: null,
  openedAt: '2026-10-24T02:50:00.000Z',
  closedAt: '2026-10-24T04:00:00.000Z',
  createdAt: '2026-10-24T02:49:00.000Z',
  timeline: [],
};

let reconciliation: ReconciliationReport;
let report: RevenueReport;

beforeEach(() => {
  report = createReport();
  reconciliation = { checked: 3, outsideGateway: 0, disputed: 0, allMatch: true, mismatches: [] };
  globalThis.fetch = jest.fn(async (url: string) => {
    const body = url.startsWith('/api/admin/events')
      ? EVENTS
      : url.startsWith('/api/admin/reports/reconciliation')
        ? reconciliation
        : url.startsWith('/api/admin/reports')
          ? report
          : url.startsWith('/api/admin/drink-tabs/')
            ? TAB
            : { authenticated: true, staff: { role: 'manager', name: 'Manager' } };
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/admin/reports']}>
        <AdminThemeProvider>
          <ReportsPage />
        </AdminThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Reports page', () => {
  it('shows the totals in dollars, each channel, and exports of the current filter', async () => {
    renderPage();
    expect((await screen.findByRole('group', { name: 'Net revenue' })).textContent).toBe('Net revenue$160.75');
    expect(screen.getByRole('group', { name: 'Refunds' }).textContent).toBe('Refunds$54.68');
    expect(screen.getByRole('group', { name: 'Comps' }).textContent).toBe('Comps1 (2 tickets)');
    const row = (await screen.findByText('diwali_party_fb')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['facebook', 'social', 'diwali_party_fb', '2', '1', '$87.48', '$43.74']);
    expect(screen.getByRole('link', { name: 'Export Revenue by channel as XLSX' }).getAttribute('href')).toBe(
      '/api/admin/reports/exports/revenue-by-channel?format=xlsx',
    );
    // Read through the DOM: role queries over the whole page are slow in jsdom.
    const types = screen.getByText('VIP Table').closest('table')!;
    expect(types.getAttribute('aria-label')).toBe('Tickets by type');
    expect([...types.querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual([
      'Type',
      'Sold',
      'Refunded',
      'Seats',
      'Revenue (before discounts and tax)',
    ]);
    expect(
      [...types.querySelectorAll('tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Adult', '5', '0', '5', '$199.96'],
      ['VIP Table', '1', '1', '8', '$400.00'],
    ]);
    expect(screen.getByLabelText('Export Tickets by type as CSV').getAttribute('href')).toBe(
      '/api/admin/reports/exports/tickets-by-type?format=csv',
    );
    expect(await screen.findByText('All payments match')).toBeTruthy();
  });

  it('lists each payment that does not match the gateway', async () => {
    reconciliation = {
      checked: 3,
      outsideGateway: 0,
      disputed: 0,
      allMatch: false,
      mismatches: [
        {
          kind: 'amount-differs',
          paymentId: 'pi_sim_1',
          orderType: 'tickets',
          orderId: '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f',
          customerName: 'Ravi Iyer',
          hereCents: 5468,
          hereRefundedCents: 0,
          gatewayCents: 5000,
          gatewayRefundedCents: 0,
          message: 'Ticket order 9c8b7a6f: paid $54.68 here, $50.00 at the gateway.',
        },
      ],
    };
    renderPage();
    expect(await screen.findByText('1 payment does not match')).toBeTruthy();
    expect(screen.queryByText('All payments match')).toBeNull();
    const row = screen.getByText('Ticket order 9c8b7a6f: paid $54.68 here, $50.00 at the gateway.').closest('tr')!;
    expect(within(row).getByText('Amount differs')).toBeTruthy();
    expect(within(row).getByText('Ravi Iyer')).toBeTruthy();
    expect(within(row).getByText('$50.00')).toBeTruthy();
  });

  it('holds open disputes apart, takes lost ones off, lists revenue by day, and opens a tab’s details from its row', async () => {
    report = createReport({
      totals: { ...createReport().totals, disputedCents: 1859, disputesLostCents: 5468, netCents: 10607 },
      byDay: [
        { date: '2026-10-23', ticketsCents: 14216, drinksCents: 0, tipsPayNowCents: 0, tipsTabCents: 0 },
        { date: '2026-10-24', ticketsCents: 5468, drinksCents: 1859, tipsPayNowCents: 255, tipsTabCents: 300 },
      ],
      tabs: {
        open: { count: 0, totalCents: 0 },
        closed: { count: 1, totalCents: 875 },
        tabs: [
          {
            id: TAB.id,
            reference: 'AB12CD34',
            customerName: 'Kavya Reddy',
            tableNumber: '9',
            status: 'closed',
            openedAt: TAB.openedAt,
            closedAt: TAB.closedAt,
            orders: 1,
            totalCents: 875,
          },
        ],
      },
    });
    reconciliation = { ...reconciliation, disputed: 2 };
    renderPage();
    expect((await screen.findByRole('group', { name: 'Disputed (held)' })).textContent).toBe('Disputed (held)$18.59');
    expect(screen.getByRole('group', { name: 'Lost to disputes' }).textContent).toBe('Lost to disputes$54.68');
    const days = screen.getByRole('table', { name: 'Revenue by day' });
    expect(
      within(days)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['2026-10-23', '$142.16', '$0.00', '$0.00', '$0.00', '$142.16'],
      ['2026-10-24', '$54.68', '$18.59', '$2.55', '$3.00', '$78.82'],
    ]);
    expect(screen.getByRole('group', { name: 'Tips' }).textContent).toBe('Tips$5.55 (pay now $2.55, tabs $3.00)');
    expect(await screen.findByText(/2 disputed by the card's bank\./)).toBeTruthy();

    fireEvent.click(screen.getByText('Kavya Reddy'));
    // Role queries over the whole page are slow in jsdom: the drawer is found by what it shows.
    const drawer = (await screen.findByText('Kingfisher Premium × 1')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('Order details')).toBeTruthy();
    expect(drawer.querySelector('[aria-label="Price breakdown"]')?.textContent).toContain('Charged to the card$8.75');
  });
});
