import { queryOptions, useQuery } from '@festival/query';
import type { ActivityPage, StaffAction } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export interface ActivityFilter {
  who?: string;
  action?: StaffAction;
  page: number;
  pageSize: number;
}

export function fetchActivity(filter: ActivityFilter): Promise<ActivityPage> {
  const params = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.who) params.set('who', filter.who);
  if (filter.action) params.set('action', filter.action);
  return apiGet<ActivityPage>(`/api/admin/activity?${params.toString()}`);
}

/** Keyed by the filter; the last page stays on screen while the next one loads. */
export const activityQuery = (filter: ActivityFilter) =>
  queryOptions({ queryKey: ['admin', 'activity', filter], queryFn: () => fetchActivity(filter), placeholderData: (previous) => previous });

/** One page of the activity log, newest first (`GET /api/admin/activity`). */
export function useActivity(filter: ActivityFilter) {
  return useQuery(activityQuery(filter));
}
