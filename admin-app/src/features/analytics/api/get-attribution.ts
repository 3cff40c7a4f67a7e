import { queryOptions, useQuery } from '@festival/query';
import { dashboardFilterQuery, type AttributionRow } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { useDashboardFilter, type DashboardFilterValue } from '#shared/stores/dashboard-filter-store.ts';

export const fetchAttribution = (filter: DashboardFilterValue = {}): Promise<AttributionRow[]> =>
  apiGet<AttributionRow[]>(`/api/analytics/attribution${dashboardFilterQuery(filter)}`);

export const attributionQuery = (filter: DashboardFilterValue) =>
  queryOptions({ queryKey: ['dashboard', 'attribution', filter], queryFn: () => fetchAttribution(filter) });

/** Page views and conversions per marketing source, of the dashboard's event and dates (`GET /api/analytics/attribution`). */
export function useAttribution() {
  return useQuery(attributionQuery(useDashboardFilter()));
}
