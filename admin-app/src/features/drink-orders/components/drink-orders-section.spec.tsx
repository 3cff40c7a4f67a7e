import { fireEvent, render, screen, within } from '@testing-library/react';
import type { AdminDrinkOrderRow, DrinkOrderDetails, DrinkTabDetails } from '@festival/contracts';
import { QueryClientProvider } from '@festival/query';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { DrinkOrdersSection } from './drink-orders-section';

beforeAll(prepareJsdomForAntd);

const TAB_ID = 'ab12cd34-0000-4000-8000-000000000000';

function createRow(overrides: Partial<AdminDrinkOrderRow> = {}): AdminDrinkOrderRow {
  return {
    id: '5e6f7a8b-0000-4000-8000-000000000000',
    number: 12,
    status: 'paid',
    barStatus: 'served',
    customerName: 'Meera Iyer',
    tableNumber: '7',
    items: [
      { name: 'Mango Lassi', quantity: 2 },
      { name: 'Masala Chai', quantity: 1 },
    ],
    subtotalCents: 1700,
    taxCents: 159,
    totalCents: 1859,
    refundedCents: 0,
    tabId: null,
    tabReference: null,
    dispute: null,
    createdAt: '2026-10-24T02:30:00.000Z',
    ...overrides,
  };
}

const DETAILS: DrinkOrderDetails = {
  id: '5e6f7a8b-0000-4000-8000-000000000000',
  number: 12,
  status: 'paid',
  barStatus: 'served',
  customerName: 'Meera Iyer',
  customerEmail: 'meera@example.com',
  customerPhone: null,
  tableNumber: '7',
  language: 'ta',
  lines: [
    { name: 'Mango Lassi', priceCents: 650, quantity: 2, amountCents: 1300 },
    { name: 'Masala Chai', priceCents: 400, quantity: 1, amountCents: 400 },
  ],
  subtotalCents: 1700,
  taxCents: 159,
  tipCents: 0,
  totalCents: 1859,
  refundedCents: 0,
  payment: 'card',
  paymentReference: 'pi_sim_123',
  tab: null,
  dispute: {
    id: 'dp_1',
    status: 'open',
    gatewayStatus: 'needs_response',
    amountCents: 1859,
    reason: 'fraudulent',
    openedAt: '2026-10-26T10:00:00.000Z',
    closedAt: null,
  },
  createdAt: '2026-10-24T02:29:00.000Z',
  timeline: [
    { kind: 'created', at: '2026-10-24T02:29:00.000Z', who: 'Guest', role: null, detail: '2 × Mango Lassi, 1 × Masala Chai' },
    { kind: 'paid', at: '2026-10-24T02:30:00.000Z', who: 'Guest', role: null, detail: '$18.59 by card' },
    { kind: 'served', at: '2026-10-24T02:40:00.000Z', who: 'Bar 1', role: 'bar', detail: null },
    {
      kind: 'disputed',
      at: '2026-10-26T10:00:00.000Z',
      who: 'Stripe',
      role: null,
      detail: "$18.59 disputed by the card's bank (fraudulent)",
    },
  ],
};

const TAB: DrinkTabDetails = {
  id: TAB_ID,
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
  // 15 % of $8.00, never taxed.
  tipCents: 120,
  chargedCents: 995,
  refundedCents: 300,
  limitCents: 15000,
  paymentReference: 'pi_sim_tab',
  closedBy: 'staff',
  lastChargeError: null,
  dispute: null,
  openedAt: '2026-10-24T02:50:00.000Z',
  closedAt: '2026-10-24T04:00:00.000Z',
  createdAt: '2026-10-24T02:49:00.000Z',
  timeline: [
    { kind: 'tab.charged', at: '2026-10-24T04:00:00.000Z', who: 'Manager', role: 'manager', detail: 'card charged $9.95' },
    { kind: 'refunded', at: '2026-10-25T04:00:00.000Z', who: 'Stripe', role: null, detail: '$3.00 refunded' },
  ],
};

function renderSection(orders: AdminDrinkOrderRow[]) {
  const fetchMock = jest.fn(async (url: string) => ({
    ok: true,
    status: 200,
    text: async () => JSON.stringify(url.startsWith('/api/admin/drink-tabs/') ? TAB : DETAILS),
  }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <DrinkOrdersSection orders={orders} error={null} />
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const rowOf = (name: string) => screen.getByRole('button', { name: new RegExp(`^Order details of ${name}`) }).closest('tr') as HTMLElement;

describe('Drinks Orders', () => {
  it('lists each order with its number, items, payment, refunds and a chargeback; a row opens its details with lines, total, language and timeline', async () => {
    const fetchMock = renderSection([
      createRow({ dispute: 'open' }),
      createRow({ id: 'tab-order', number: 13, customerName: 'Kavya Reddy', status: 'tab', tabId: TAB_ID, tabReference: 'AB12CD34' }),
      createRow({ id: 'refunded', number: 14, customerName: 'Rohan Das', status: 'refunded', refundedCents: 1859 }),
    ]);
    expect(within(rowOf('Meera Iyer')).getByText('#12')).toBeTruthy();
    expect(within(rowOf('Meera Iyer')).getByText('Mango Lassi x 2')).toBeTruthy();
    expect(within(rowOf('Meera Iyer')).getByText('Disputed')).toBeTruthy();
    expect(within(rowOf('Kavya Reddy')).getByText('On a tab')).toBeTruthy();
    expect(within(rowOf('Rohan Das')).getByText('$18.59 refunded')).toBeTruthy();

    fireEvent.click(within(rowOf('Meera Iyer')).getByText('Mango Lassi x 2'));
    const drawer = await screen.findByRole('dialog', { name: 'Order details' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/admin/drink-orders/5e6f7a8b-0000-4000-8000-000000000000');
    const prices = await within(drawer).findByRole('region', { name: 'Price breakdown' });
    expect(prices.textContent).toContain('Mango Lassi × 2$13.00');
    expect(prices.textContent).toContain('Total$18.59');
    expect(within(drawer).getByText('pi_sim_123')).toBeTruthy();
    // The guest ordered from the Tamil drinks page: staff see it, in English.
    expect(within(drawer).getByText('Tamil')).toBeTruthy();
    expect(within(drawer).getByText("$18.59 (fraudulent): the card's bank is deciding")).toBeTruthy();
    const timeline = within(drawer).getByRole('region', { name: 'Order timeline' });
    expect(within(timeline).getByText('Served')).toBeTruthy();
    expect(within(timeline).getByText("$18.59 disputed by the card's bank (fraudulent)")).toBeTruthy();
  });

  it("opens a tab's details from its button: its orders, charge and refund", async () => {
    const fetchMock = renderSection([createRow({ status: 'tab', tabId: TAB_ID, tabReference: 'AB12CD34' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Tab details of AB12CD34' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order details' });
    expect(await within(drawer).findByText('Kingfisher Premium × 1')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/admin/drink-tabs/${TAB_ID}`]);
    const prices = within(drawer).getByRole('region', { name: 'Price breakdown' });
    expect(prices.textContent).toContain('Total$8.75Tip$1.20Charged to the card$9.95');
    expect(prices.textContent).toContain('Refunded−$3.00');
    expect(within(drawer).getByText('Closed and charged')).toBeTruthy();
  });

  it('Refund asks first, then gives the whole order back to the card and shows it refunded', async () => {
    const paid: DrinkOrderDetails = { ...DETAILS, dispute: null, timeline: DETAILS.timeline.slice(0, 3) };
    const refunded: DrinkOrderDetails = {
      ...paid,
      status: 'refunded',
      refundedCents: 1859,
      timeline: [
        ...paid.timeline,
        { kind: 'refunded', at: '2026-10-24T03:10:00.000Z', who: 'Manager', role: 'manager', detail: '$18.59 refunded' },
      ],
    };
    // The server's order: paid until the refund, refunded after it.
    let current = paid;
    const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') current = refunded;
      return { ok: true, status: 200, text: async () => JSON.stringify(url.includes('/drink-orders/') ? current : []) };
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AdminThemeProvider>
          <DrinkOrdersSection orders={[createRow()]} error={null} />
        </AdminThemeProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(within(rowOf('Meera Iyer')).getByText('Mango Lassi x 2'));
    const drawer = await screen.findByRole('dialog', { name: 'Order details' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund $18.59 to Meera Iyer?')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    const confirm = screen.getAllByRole('button', { name: 'Refund' }).find((b) => !drawer.contains(b))!;
    fireEvent.click(confirm);
    expect(await within(drawer).findByText('$18.59 refunded')).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => url)).toEqual(['/api/admin/drink-orders/5e6f7a8b-0000-4000-8000-000000000000/refund']);
    expect(within(drawer).getByRole('region', { name: 'Price breakdown' }).textContent).toContain('Refunded−$18.59');
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('says No drinks orders yet', () => {
    renderSection([]);
    expect(screen.getByText('No drinks orders yet')).toBeTruthy();
  });
});
