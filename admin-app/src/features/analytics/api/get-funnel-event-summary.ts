import { queryOptions, useQuery } from '@festival/query';
import { dashboardFilterQuery, type AnalyticsEventsSummary } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { useDashboardFilter, type DashboardFilterValue } from '#shared/stores/dashboard-filter-store.ts';

export const fetchFunnelEventSummary = (eventType: string, filter: DashboardFilterValue = {}): Promise<AnalyticsEventsSummary> =>
  apiGet<AnalyticsEventsSummary>(`/api/analytics/events/${encodeURIComponent(eventType)}/summary${dashboardFilterQuery(filter)}`);

export const funnelEventSummaryQuery = (eventType: string, filter: DashboardFilterValue) =>
  queryOptions({
    queryKey: ['dashboard', 'events', eventType, 'summary', filter],
    queryFn: () => fetchFunnelEventSummary(eventType, filter),
  });

/** All events of a step in the dashboard's event and dates, and the people behind them (`GET /api/analytics/events/{eventType}/summary`). */
export function useFunnelEventSummary(eventType: string | null) {
  return useQuery({ ...funnelEventSummaryQuery(eventType ?? '', useDashboardFilter()), enabled: eventType !== null });
}
