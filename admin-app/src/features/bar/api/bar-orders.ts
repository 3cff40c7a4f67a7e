import { queryOptions, useQuery } from '@festival/query';
import type { BarOrder } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

/** The queue is polled: new orders show up within a few seconds without a reload. */
export const BAR_POLL_MS = 3_000;

export const barOrdersQuery = queryOptions({
  queryKey: ['admin', 'bar', 'orders'],
  queryFn: () => apiGet<BarOrder[]>('/api/admin/bar/orders'),
  refetchInterval: BAR_POLL_MS,
  staleTime: 0,
});

export function useBarOrders() {
  return useQuery(barOrdersQuery);
}
