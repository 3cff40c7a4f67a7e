import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PartyOrderDetails } from '@festival/contracts';
import { QueryClientProvider } from '@festival/query';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { OrderDetailsDrawer } from './order-details-drawer';

beforeAll(prepareJsdomForAntd);

const ORDER_ID = '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const VIP = 7;

/** Two adults and a VIP table for 8: $99.98 + $400.00, with 9.38 % tax. */
const withTable: PartyOrderDetails = {
  id: ORDER_ID,
  reference: ORDER_ID.slice(0, 8).toUpperCase(),
  status: 'paid',
  customerName: 'Kavya Menon',
  customerEmail: 'kavya@example.com',
  customerPhone: '(408) 555-0142',
  language: 'hi',
  adultTickets: 2,
  childTickets: 0,
  adultPriceCents: 4999,
  childPriceCents: 2999,
  subtotalCents: 49998,
  groupDiscountPercent: 0,
  groupDiscountCents: 0,
  promoCode: null,
  promoDiscountPercent: 0,
  promoDiscountCents: 0,
  taxCents: 4690,
  totalCents: 54688,
  validAdults: 2,
  validChildren: 0,
  lines: [{ typeId: VIP, name: 'VIP Table', quantity: 1, valid: 1, seats: 8, unitPriceCents: 40000 }],
  refundedCents: 0,
  comp: false,
  compReason: null,
  paymentMethod: 'card',
  paymentReference: 'pi_table',
  emailStatus: 'sent',
  emailError: null,
  admitted: 0,
  createdAt: '2026-10-10T18:30:00.000Z',
  paidAt: '2026-10-10T18:31:00.000Z',
  dispute: null,
  refunds: [],
  timeline: [{ kind: 'created', at: '2026-10-10T18:30:00.000Z', who: 'Guest', role: null, detail: '2 adults, 1 VIP Table' }],
};

/** The table's share of the total: round(54688 × 40000 / 49998), $437.52. */
const TABLE_SHARE = 43752;

const tableRefunded: PartyOrderDetails = {
  ...withTable,
  lines: [{ ...withTable.lines[0], valid: 0 }],
  refundedCents: TABLE_SHARE,
  refunds: [
    {
      id: 'r-1',
      adults: 0,
      children: 0,
      items: [{ typeId: VIP, name: 'VIP Table', quantity: 1 }],
      amountCents: TABLE_SHARE,
      status: 'succeeded',
      source: 'staff',
      gatewayRefundId: 're_1',
      error: null,
      who: 'Manager',
      at: '2026-10-11T10:00:00.000Z',
      emailStatus: 'pending',
    },
  ],
};

const NO_MEALS = { options: [], allergens: [], choicesCloseAt: null };

/** The order's API: its details, and a refund that answers `afterRefund`; returns the requests made. */
function serveOrder(details: PartyOrderDetails, afterRefund: PartyOrderDetails) {
  const sent: { path: string; method: string; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    sent.push({ path, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    // The season asks no meals (the drawer's meal rows read the Meals section).
    const answer = path.endsWith('/api/admin/settings/meals') ? NO_MEALS : method === 'POST' ? afterRefund : details;
    return { ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(answer) };
  }) as unknown as typeof fetch;
  return sent;
}

async function openDrawer(): Promise<HTMLElement> {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <OrderDetailsDrawer orderId={ORDER_ID} onClose={() => {}} />
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
  const drawer = await screen.findByRole('dialog', { name: 'Order details' });
  await within(drawer).findByText('Kavya Menon');
  return drawer;
}

describe('Order details of an order with tickets of other types', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('lists the table with its price and the people it admits, the language it was bought in, and prices it in the breakdown', async () => {
    serveOrder(withTable, withTable);
    const drawer = await openDrawer();
    expect(within(drawer).getByText('VIP Table × 1 — $400.00, admits 8')).toBeTruthy();
    expect(within(drawer).getByText('2 adult, 0 child')).toBeTruthy();
    // Bought on the Hindi party page: staff see the language, in English.
    expect(within(drawer).getByText('Hindi')).toBeTruthy();
    const breakdown = within(drawer).getByRole('region', { name: 'Price breakdown' });
    // Each line of the breakdown reads as its label then its amount.
    expect([...breakdown.children].map((line) => line.textContent)).toEqual([
      'Adult tickets × 2$99.98',
      'VIP Table × 1$400.00',
      'Subtotal$499.98',
      'Tax$46.90',
      'Total$546.88',
    ]);
  });

  it('refunds the table by itself for its share, sending it as an item, and never offers more than are valid', async () => {
    const sent = serveOrder(withTable, tableRefunded);
    const drawer = await openDrawer();
    const refund = within(drawer).getByRole('region', { name: 'Refund' });
    const table = within(refund).getByLabelText('VIP Table to refund');
    expect(table.getAttribute('aria-valuemax')).toBe('1');
    fireEvent.change(table, { target: { value: '1' } });
    expect(await within(refund).findByText('Refund amount: $437.52')).toBeTruthy();
    fireEvent.click(within(refund).getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    const post = sent.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/api/admin/party-orders/${ORDER_ID}/refunds`);
    expect(post.body).toEqual({ adults: 0, children: 0, items: [{ typeId: VIP, quantity: 1 }], idempotencyKey: expect.any(String) });
    expect(await screen.findByText("$437.52 refunded to the buyer's card")).toBeTruthy();
    // Refunded: the table is no longer offered, the adults still are.
    await waitFor(() => expect(within(drawer).queryByLabelText('VIP Table to refund')).toBeNull());
    expect(within(drawer).getByLabelText('Adults to refund')).toBeTruthy();
    expect(within(drawer).getByText('· 0 valid')).toBeTruthy();
  });

  it('refunds the rest of the order to the cent once the table was refunded, with no items for adults alone', async () => {
    const sent = serveOrder(tableRefunded, { ...tableRefunded, status: 'refunded', validAdults: 0, refundedCents: 54688 });
    const drawer = await openDrawer();
    const refund = within(drawer).getByRole('region', { name: 'Refund' });
    fireEvent.change(within(refund).getByLabelText('Adults to refund'), { target: { value: '2' } });
    // $546.88 − $437.52: what is left, to the cent.
    expect(await within(refund).findByText('Refund amount: $109.36')).toBeTruthy();
    fireEvent.click(within(refund).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({ adults: 2, children: 0, idempotencyKey: expect.any(String) });
  });
});
