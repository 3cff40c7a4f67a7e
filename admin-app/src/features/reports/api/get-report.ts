import { queryOptions, useQuery } from '@festival/query';
import { dashboardFilterQuery, type RevenueReport } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { useDashboardFilter, type DashboardFilterValue } from '#shared/stores/dashboard-filter-store.ts';

export const reportQuery = (filter: DashboardFilterValue) =>
  queryOptions({
    queryKey: ['reports', 'revenue', filter],
    queryFn: () => apiGet<RevenueReport>(`/api/admin/reports${dashboardFilterQuery(filter)}`),
  });

/** Totals, revenue by day and channel, drinks and tabs of the dashboard's event and dates (`GET /api/admin/reports`). */
export function useRevenueReport() {
  return useQuery(reportQuery(useDashboardFilter()));
}
