import { infiniteQueryOptions, useInfiniteQuery } from '@festival/query';
import { ANALYTICS_EVENTS_PAGE_SIZE, type AnalyticsEvent } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { useDashboardFilter, type DashboardFilterValue } from '#shared/stores/dashboard-filter-store.ts';

/** One page of a step's events in the filter's event and dates, newest first; `before` is the last id of the previous page. */
export function fetchFunnelEvents(eventType: string, before?: string, filter: DashboardFilterValue = {}): Promise<AnalyticsEvent[]> {
  const query = new URLSearchParams({ limit: String(ANALYTICS_EVENTS_PAGE_SIZE) });
  if (before) query.set('before', before);
  if (filter.eventId !== undefined) query.set('eventId', String(filter.eventId));
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  return apiGet<AnalyticsEvent[]>(`/api/analytics/events/${encodeURIComponent(eventType)}?${query}`);
}

export const funnelEventsQuery = (eventType: string, filter: DashboardFilterValue) =>
  infiniteQueryOptions({
    queryKey: ['dashboard', 'events', eventType, filter],
    queryFn: ({ pageParam }) => fetchFunnelEvents(eventType, pageParam, filter),
    initialPageParam: undefined as string | undefined,
    // A page shorter than the limit is the last one.
    getNextPageParam: (last) => (last.length < ANALYTICS_EVENTS_PAGE_SIZE ? undefined : last[last.length - 1].id),
  });

/**
 * The events of one funnel step, a page at a time (`GET /api/analytics/events/{eventType}`),
 * fetched only once a step is selected.
 */
export function useFunnelEvents(eventType: string | null) {
  return useInfiniteQuery({ ...funnelEventsQuery(eventType ?? '', useDashboardFilter()), enabled: eventType !== null });
}
