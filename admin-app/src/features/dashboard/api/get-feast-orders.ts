import { queryOptions, useQuery } from '@festival/query';
import type { FeastOrder } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const fetchFeastOrders = (): Promise<FeastOrder[]> => apiGet<FeastOrder[]>('/api/orders');

export const feastOrdersQuery = queryOptions({ queryKey: ['dashboard', 'orders'], queryFn: fetchFeastOrders });

/** Every feast pack order, newest first (`GET /api/orders`). */
export function useFeastOrders() {
  return useQuery(feastOrdersQuery);
}
