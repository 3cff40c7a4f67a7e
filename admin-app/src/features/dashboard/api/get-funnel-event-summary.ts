import { queryOptions, useQuery } from '@festival/query';
import type { AnalyticsEventsSummary } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const fetchFunnelEventSummary = (eventType: string): Promise<AnalyticsEventsSummary> =>
  apiGet<AnalyticsEventsSummary>(`/api/analytics/events/${encodeURIComponent(eventType)}/summary`);

export const funnelEventSummaryQuery = (eventType: string) =>
  queryOptions({ queryKey: ['dashboard', 'events', eventType, 'summary'], queryFn: () => fetchFunnelEventSummary(eventType) });

/** All events of a step and the people behind them (`GET /api/analytics/events/{eventType}/summary`). */
export function useFunnelEventSummary(eventType: string | null) {
  return useQuery({ ...funnelEventSummaryQuery(eventType ?? ''), enabled: eventType !== null });
}
