import { fireEvent, render, screen, within } from '@testing-library/react';
import type { FeastOrder } from '@festival/contracts';
import { QueryClientProvider } from '@festival/query';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '../../../shared/testing/antd-in-jsdom';
import { createFeastOrder } from '../../../shared/testing/factories';
import { AdminThemeProvider } from '../../../shared/theme/admin-theme-provider';
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
