import { QueryClientProvider } from '@festival/query';
import { act, render, screen } from '@testing-library/react';
import { createQueryClient } from '@festival/web-kit/query-client';
import { useAbandonedCarts } from '../../features/party-orders/api/get-abandoned-carts';
import { useFeastOrders } from '../../features/feast-orders/api/get-feast-orders';

function Counts() {
  const carts = useAbandonedCarts();
  const orders = useFeastOrders();
  return (
    <p>
      {carts.data?.length ?? '-'} carts, {orders.data?.length ?? '-'} orders
    </p>
  );
}

describe('dashboard data refresh', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fetches the abandoned carts again every 60 seconds, and nothing else', async () => {
    const fetchMock = jest.fn(async (_url: string) => ({ ok: true, status: 200, statusText: '', text: async () => '[]' }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Counts />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('0 carts, 0 orders')).toBeTruthy();
    const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path).length;
    expect([calls('/api/admin/abandoned-carts'), calls('/api/orders')]).toEqual([1, 1]);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(59_000);
    });
    expect(calls('/api/admin/abandoned-carts')).toBe(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(calls('/api/admin/abandoned-carts')).toBe(2);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect([calls('/api/admin/abandoned-carts'), calls('/api/orders')]).toEqual([3, 1]);
  });
});
