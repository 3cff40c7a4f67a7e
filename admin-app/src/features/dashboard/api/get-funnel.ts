import { queryOptions, useQuery } from '@festival/query';
import type { FunnelEntry } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const fetchFunnel = (): Promise<FunnelEntry[]> => apiGet<FunnelEntry[]>('/api/analytics/funnel');

export const funnelQuery = queryOptions({ queryKey: ['dashboard', 'funnel'], queryFn: fetchFunnel });

/** Events per type for both funnels (`GET /api/analytics/funnel`). */
export function useFunnel() {
  return useQuery(funnelQuery);
}
