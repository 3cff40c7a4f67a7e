import { queryOptions, useQuery } from '@festival/query';
import { dashboardFilterQuery, type ReconciliationReport } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { useDashboardFilter, type DashboardFilterValue } from '#shared/stores/dashboard-filter-store.ts';

export const reconciliationQuery = (filter: DashboardFilterValue) =>
  queryOptions({
    queryKey: ['reports', 'reconciliation', filter],
    queryFn: () => apiGet<ReconciliationReport>(`/api/admin/reports/reconciliation${dashboardFilterQuery(filter)}`),
  });

/** The period's payments against the gateway's records (`GET /api/admin/reports/reconciliation`). */
export function useReconciliation() {
  return useQuery(reconciliationQuery(useDashboardFilter()));
}
