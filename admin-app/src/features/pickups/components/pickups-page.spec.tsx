import { QueryClientProvider } from '@festival/query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PickupOrder, PickupResponse } from '@festival/contracts';
import { MemoryRouter } from '@festival/router/memory';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { clockOf } from '../lib/pickup-groups';
import { PickupsPage } from './pickups-page';

beforeAll(prepareJsdomForAntd);
// A busy machine renders antd's forms slowly: waiting for the API's answers allows for it.
configure({ asyncUtilTimeout: 10_000 });

const SATURDAY = 'Saturday, November 7, 2026';
const PICKED_AT = '2026-11-07T19:32:00.000Z';

function pickupOrder(overrides: Partial<PickupOrder>): PickupOrder {
  return {
    orderId: '3f2a9c1e-7b4d-4e8a-9c2b-1d5e6f7a8b9c',
    reference: 'FP-3F2A9C',
    customerName: 'Asha Raman',
    customerPhone: '(408) 555-0101',
    customerEmail: 'asha@example.com',
    items: [{ name: 'Vegetarian Feast Pack', quantity: 2 }],
    pickupDate: SATURDAY,
    pickupTime: '11:00 AM',
    pickedUpAt: null,
    pickedUpBy: null,
    ...overrides,
  };
}

const ASHA = pickupOrder({});
const RAVI = pickupOrder({
  orderId: '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f',
  reference: 'FP-9C8B7A',
  customerName: 'Ravi Iyer',
  customerPhone: '(408) 555-0199',
  items: [
    { name: 'Non-Vegetarian Feast Pack', quantity: 1 },
    { name: 'Vegetarian Feast Pack', quantity: 2 },
  ],
});
const MEERA = pickupOrder({
  orderId: '1e0d9c8b-7a6f-4e5d-8c3b-2a1f0e9d8c7b',
  reference: 'FP-1E0D9C',
  customerName: 'Meera Nair',
  customerPhone: '(408) 555-0123',
  pickupTime: '1:30 PM',
  pickedUpAt: PICKED_AT,
  pickedUpBy: 'Door 1',
});

interface Call {
  url: string;
  method: string;
  body?: Record<string, unknown>;
}
let calls: Call[];
let orders: PickupOrder[];
let pickupAnswer: (call: Call) => PickupResponse;

beforeEach(() => {
  calls = [];
  orders = [ASHA, RAVI, MEERA];
  pickupAnswer = () => ({ result: 'invalid', order: null });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const call: Call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const body =
      url === '/api/admin/check'
        ? { authenticated: true, staff: { role: 'manager', name: 'Manager' } }
        : call.method === 'GET' && url.startsWith('/api/admin/pickups')
          ? { orders }
          : pickupAnswer(call);
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/admin/pickups']}>
        <AdminThemeProvider>
          <PickupsPage />
        </AdminThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = () => calls.filter((call) => call.method === 'POST');
const row = (reference: string) => screen.getByRole('listitem', { name: `Order ${reference}` });

describe('the Feast Pack Pickups page', () => {
  it('lists the paid orders under a heading per pickup time', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Feast Pack Pickups' })).toBeTruthy();
    const eleven = await screen.findByRole('region', { name: `${SATURDAY} at 11:00 AM` });
    const half = screen.getByRole('region', { name: `${SATURDAY} at 1:30 PM` });
    expect(within(eleven).getByRole('heading', { level: 2 }).textContent).toBe(`${SATURDAY} at 11:00 AM`);
    expect(
      within(eleven)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Order FP-3F2A9C', 'Order FP-9C8B7A']);
    expect(within(eleven).getByText('2 orders · 5 packs · 0 picked up')).toBeTruthy();
    expect(
      within(half)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Order FP-1E0D9C']);

    const ravi = row('FP-9C8B7A');
    expect(within(ravi).getByText('Ravi Iyer')).toBeTruthy();
    expect(within(ravi).getByText('(408) 555-0199')).toBeTruthy();
    expect(within(ravi).getByText('Non-Vegetarian Feast Pack x 1, Vegetarian Feast Pack x 2')).toBeTruthy();
    expect(within(ravi).getByRole('button', { name: 'Picked up' })).toBeTruthy();

    // Picked up already: when and by whom instead of the button.
    const meera = row('FP-1E0D9C');
    expect(within(meera).queryByRole('button')).toBeNull();
    expect(within(meera).getByText('Picked up')).toBeTruthy();
    expect(within(meera).getByText(`${clockOf(PICKED_AT)} by Door 1`)).toBeTruthy();
  });

  it('Picked up sends the order id, shows the answer and the row as picked up', async () => {
    const picked = { ...ASHA, pickedUpAt: PICKED_AT, pickedUpBy: 'Manager' };
    pickupAnswer = () => {
      orders = [picked, RAVI, MEERA];
      return { result: 'picked_up', order: picked };
    };
    renderPage();
    await screen.findByRole('listitem', { name: 'Order FP-3F2A9C' });
    fireEvent.click(within(row('FP-3F2A9C')).getByRole('button', { name: 'Picked up' }));

    const status = await screen.findByText('FP-3F2A9C · Asha Raman');
    expect(status.closest('[role="status"]')?.textContent).toContain('Picked up');
    await waitFor(() => expect(within(row('FP-3F2A9C')).queryByRole('button')).toBeNull());
    expect(within(row('FP-3F2A9C')).getByText(`${clockOf(PICKED_AT)} by Manager`)).toBeTruthy();
    expect(posts()).toEqual([{ url: '/api/admin/pickups', method: 'POST', body: { orderId: ASHA.orderId } }]);
  });

  it('a code picked up before says Already picked up, when and by whom', async () => {
    pickupAnswer = () => ({ result: 'already_picked_up', order: MEERA });
    renderPage();
    await screen.findByRole('listitem', { name: 'Order FP-1E0D9C' });
    fireEvent.change(screen.getByLabelText('Pickup code'), { target: { value: ' ABCD-EFGH ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark picked up' }));

    expect(await screen.findByText('Already picked up')).toBeTruthy();
    expect(screen.getByText(`At ${clockOf(PICKED_AT)} by Door 1`)).toBeTruthy();
    expect(posts()).toEqual([{ url: '/api/admin/pickups', method: 'POST', body: { code: 'ABCD-EFGH' } }]);
    await waitFor(() => expect((screen.getByLabelText('Pickup code') as HTMLInputElement).value).toBe(''));
  });

  it('a code that is no pickup code says so', async () => {
    renderPage();
    await screen.findByRole('listitem', { name: 'Order FP-3F2A9C' });
    fireEvent.change(screen.getByLabelText('Pickup code'), { target: { value: 'NOT-A-CODE' } });
    fireEvent.submit(screen.getByLabelText('Pickup code'));
    expect(await screen.findByText('Not a valid pickup code')).toBeTruthy();
  });

  it('searches by name, phone or reference', async () => {
    renderPage();
    await screen.findByRole('listitem', { name: 'Order FP-3F2A9C' });
    orders = [RAVI];
    fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: ' 555-0199 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Order FP-3F2A9C' })).toBeNull());
    expect(await screen.findByRole('listitem', { name: 'Order FP-9C8B7A' })).toBeTruthy();
    expect(screen.getByText('1 order matching “555-0199”')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/admin/pickups?q=555-0199');
  });

  it('prints the pickup list', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => {});
    renderPage();
    await screen.findByRole('listitem', { name: 'Order FP-3F2A9C' });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Print pickup list' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Print pickup list' }));
    expect(print).toHaveBeenCalled();
    print.mockRestore();
  });
});
