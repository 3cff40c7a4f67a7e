import { queryOptions, useQuery } from '@festival/query';
import { dashboardFilterQuery, type PartyTicketRow } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { useDashboardFilter, type DashboardFilterValue } from '#shared/stores/dashboard-filter-store.ts';

/** The abandoned carts are fetched again this often while the dashboard is open. */
export const ABANDONED_CARTS_REFRESH_MS = 60_000;

export const fetchAbandonedCarts = (filter: DashboardFilterValue = {}): Promise<PartyTicketRow[]> =>
  apiGet<PartyTicketRow[]>(`/api/admin/abandoned-carts${dashboardFilterQuery(filter)}`);

export const abandonedCartsQuery = (filter: DashboardFilterValue) =>
  queryOptions({
    queryKey: ['dashboard', 'abandoned-carts', filter],
    queryFn: () => fetchAbandonedCarts(filter),
    refetchInterval: ABANDONED_CARTS_REFRESH_MS,
  });

/** Ticket purchases started and not completed, 30+ minutes old, of the dashboard's event and dates (`GET /api/admin/abandoned-carts`). */
export function useAbandonedCarts() {
  return useQuery(abandonedCartsQuery(useDashboardFilter()));
}
