import { queryOptions, useQuery } from '@festival/query';
import { dashboardFilterQuery, type FunnelEntry } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { useDashboardFilter, type DashboardFilterValue } from '#shared/stores/dashboard-filter-store.ts';

export const fetchFunnel = (filter: DashboardFilterValue = {}): Promise<FunnelEntry[]> =>
  apiGet<FunnelEntry[]>(`/api/analytics/funnel${dashboardFilterQuery(filter)}`);

export const funnelQuery = (filter: DashboardFilterValue) =>
  queryOptions({ queryKey: ['dashboard', 'funnel', filter], queryFn: () => fetchFunnel(filter) });

/** Events per type for both funnels, of the dashboard's event and dates (`GET /api/analytics/funnel`). */
export function useFunnel() {
  return useQuery(funnelQuery(useDashboardFilter()));
}
