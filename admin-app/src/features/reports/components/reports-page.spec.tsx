import { QueryClientProvider } from '@festival/query';
import { configure, render, screen, within } from '@testing-library/react';
import type { FestivalEventsResponse, ReconciliationReport, RevenueReport } from '@festival/contracts';
import { MemoryRouter } from '@festival/router';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '../../../shared/testing/antd-in-jsdom';
import { AdminThemeProvider } from '../../../shared/theme/admin-theme-provider';
import { ReportsPage } from './reports-page';

beforeAll(prepareJsdomForAntd);
configure({ asyncUtilTimeout: 10_000 });

const EVENTS: FestivalEventsResponse = {
  events: [{ id: 3, name: 'Diwali DJ Night', date: '2026-10-24', status: 'on-sale', createdAt: '2026-01-01T00:00:00.000Z' }],
  current: 3,
};

function createReport(overrides: Partial<RevenueReport> = {}): RevenueReport {
  return {
    timeZone: 'America/Los_Angeles',
    totals: {
      ticketRevenueCents: 19684,
      drinksRevenueCents: 1859,
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
    tabs: { open: { count: 0, totalCents: 0 }, closed: { count: 0, totalCents: 0 }, tabs: [] },
    ...overrides,
  };
}

let reconciliation: ReconciliationReport;

beforeEach(() => {
  reconciliation = { checked: 3, outsideGateway: 0, disputed: 0, allMatch: true, mismatches: [] };
  globalThis.fetch = jest.fn(async (url: string) => {
    const body = url.startsWith('/api/admin/events')
      ? EVENTS
      : url.startsWith('/api/admin/reports/reconciliation')
        ? reconciliation
        : url.startsWith('/api/admin/reports')
          ? createReport()
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
});
