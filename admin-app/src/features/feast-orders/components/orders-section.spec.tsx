import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FeastOrder } from '@festival/contracts';
import { QueryClientProvider } from '@festival/query';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { formatDateTime } from '#shared/lib/format.ts';
import { createFeastOrder } from '#shared/testing/factories.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { OrdersSection } from './orders-section';

beforeAll(prepareJsdomForAntd);

function renderOrders(orders: FeastOrder[], readOnly = false) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <OrdersSection orders={orders} restaurantName="Saffron Leaf" error={null} readOnly={readOnly} />
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
}

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const asha = createFeastOrder();
const ravi = createFeastOrder({ id: 'a1b2c3d4-0000-4000-8000-000000000000', customerName: 'Ravi Iyer', customerEmail: 'ravi@example.com' });

describe('Feast Pack Orders', () => {
  it("offers Resend and Refund on each of the event on sale's pre-orders, and none on a past event's", () => {
    renderOrders([asha, ravi]);
    expect(screen.getByRole('button', { name: 'Refund the pre-order of Ravi Iyer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend the pre-order confirmation of Ravi Iyer' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Refund the pre-order of / })).toHaveLength(2);
  });

  it('F6: names a pre-order already picked up in the refund confirmation, and sends its refund as confirmed', async () => {
    const sent: { path: string; body: unknown }[] = [];
    globalThis.fetch = jest.fn(async (path: string, init?: RequestInit) => {
      sent.push({ path, body: JSON.parse(String(init?.body)) });
      const body = { id: ravi.id, status: 'refunded', refundedCents: 10388, emailStatus: 'pending' };
      return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    const pickedUpAt = '2025-10-18T18:05:00.000Z';
    renderOrders([asha, createFeastOrder({ ...ravi, pickedUpAt, pickedUpBy: 'Pickup desk' })]);

    fireEvent.click(screen.getByRole('button', { name: 'Refund the pre-order of Ravi Iyer' }));
    const confirm = (await screen.findByText('Refund $103.88 to Ravi Iyer?')).closest('.ant-popover') as HTMLElement;
    expect(confirm.textContent).toContain(
      `This pre-order was already picked up (${formatDateTime(pickedUpAt)}, marked by Pickup desk): the packs were handed over. Refund it anyway?`,
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Refund anyway' }));
    expect(await screen.findByText('Pre-order refunded')).toBeTruthy();
    expect(sent).toEqual([{ path: `/api/admin/feast-orders/${ravi.id}/refund`, body: { confirmPickedUp: true } }]);

    // One not picked up: the usual confirmation, and no confirmation sent with it.
    fireEvent.click(screen.getByRole('button', { name: 'Refund the pre-order of Asha Raman' }));
    const plain = (await screen.findByText('Refund $103.88 to Asha Raman?')).closest('.ant-popover') as HTMLElement;
    expect(plain.textContent).not.toContain('picked up');
    fireEvent.click(within(plain).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ path: `/api/admin/feast-orders/${asha.id}/refund`, body: {} });
  });

  it("shows a past event's pre-orders without actions", () => {
    renderOrders([asha, ravi], true);
    expect(screen.queryAllByRole('button', { name: /^(Refund|Resend) the pre-order/ })).toHaveLength(0);
  });

  it("marks a pre-order whose payment the card's bank disputes, and no other", () => {
    renderOrders([asha, createFeastOrder({ ...ravi, dispute: 'open' })]);
    const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    expect(within(rowOf('Ravi Iyer')).getByText('Disputed')).toBeTruthy();
    expect(within(rowOf('Asha Raman')).queryByText(/^Dispute/)).toBeNull();
  });

  it('lists the orders with their 8-character ids and totals', () => {
    renderOrders([asha, ravi]);
    expect(screen.getByText('3f2a9c1e')).toBeTruthy();
    expect(screen.getByText('a1b2c3d4')).toBeTruthy();
    expect(screen.getAllByText('$103.88')).toHaveLength(2);
    expect(screen.getAllByText('Vegetarian Feast Pack x 2')).toHaveLength(2);
  });

  it('narrows with the search and says how many it shows', () => {
    renderOrders([asha, ravi]);
    expect(screen.queryByText(/^Showing/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: 'ravi' } });
    expect(screen.getByText('Showing 1 of 2 orders')).toBeTruthy();
    expect(screen.queryByText('Asha Raman')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: 'nobody at all' } });
    expect(screen.getByText('Showing 0 of 2 orders')).toBeTruthy();
    expect(screen.getByText('No orders match your search')).toBeTruthy();
  });

  it('says No orders yet, and has nothing to export or print', async () => {
    renderOrders([]);
    expect(screen.getByText('No orders yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('No orders to export')).toBeTruthy();
    expect(screen.getByText('There are no feast pack orders to export yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('No orders to print')).toBeTruthy();
    expect(screen.getByText('There are no feast pack orders to print yet.')).toBeTruthy();
  });

  it('exports the shown orders to a dated CSV file', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push({ name: '', blob });
      return 'blob:orders';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1].name = this.download;
    });
    renderOrders([asha, ravi]);
    fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: 'asha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const toast = (await screen.findByText('Export successful')).closest('.ant-notification-notice') as HTMLElement;
    expect(within(toast).getByText('1 order exported to CSV')).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toMatch(/^feast-pack-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readText(saved[0].blob))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Asha Raman"');
    click.mockRestore();
  });

  it('opens the printable page of every order, or says the browser blocked it', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderOrders([asha, ravi]);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(await screen.findByText('Print blocked')).toBeTruthy();
    open.mockRestore();
  });
});
