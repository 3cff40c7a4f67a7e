import { queryOptions, useQuery } from '@festival/query';
import { dashboardFilterQuery, type FeastOrder } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { useDashboardFilter, type DashboardFilterValue } from '#shared/stores/dashboard-filter-store.ts';

export const fetchFeastOrders = (filter: DashboardFilterValue = {}): Promise<FeastOrder[]> =>
  apiGet<FeastOrder[]>(`/api/orders${dashboardFilterQuery(filter)}`);

export const feastOrdersQuery = (filter: DashboardFilterValue) =>
  queryOptions({ queryKey: ['dashboard', 'orders', filter], queryFn: () => fetchFeastOrders(filter) });

/** The feast pack orders of the dashboard's event and dates, newest first (`GET /api/orders`). */
export function useFeastOrders() {
  return useQuery(feastOrdersQuery(useDashboardFilter()));
}
