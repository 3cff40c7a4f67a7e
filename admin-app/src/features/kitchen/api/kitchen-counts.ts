import { queryOptions, useQuery } from '@festival/query';
import type { KitchenCounts } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

/** Orders come in all evening: the counts are asked again every 30 seconds. */
export const KITCHEN_POLL_MS = 30_000;

export const kitchenCountsQuery = queryOptions({
  queryKey: ['admin', 'kitchen'],
  queryFn: () => apiGet<KitchenCounts>('/api/admin/kitchen'),
  refetchInterval: KITCHEN_POLL_MS,
  staleTime: 0,
});

/** `GET /api/admin/kitchen`: the season's paid seats by meal and the allergy list (manager and door). */
export function useKitchenCounts() {
  return useQuery(kitchenCountsQuery);
}
