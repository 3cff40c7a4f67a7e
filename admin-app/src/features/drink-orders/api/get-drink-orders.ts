import { queryOptions, useQuery } from '@festival/query';
import { dashboardFilterQuery, type AdminDrinkOrderRow } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { useDashboardFilter, type DashboardFilterValue } from '#shared/stores/dashboard-filter-store.ts';

export const drinkOrdersQuery = (filter: DashboardFilterValue) =>
  queryOptions({
    queryKey: ['dashboard', 'drink-orders', filter],
    queryFn: () => apiGet<AdminDrinkOrderRow[]>(`/api/admin/drink-orders${dashboardFilterQuery(filter)}`),
  });

/** The drinks orders of the dashboard's event and dates, paid at once or put on a tab, newest first. */
export function useDrinkOrders() {
  return useQuery(drinkOrdersQuery(useDashboardFilter()));
}
