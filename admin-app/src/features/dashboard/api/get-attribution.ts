import { queryOptions, useQuery } from '@festival/query';
import type { AttributionRow } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const fetchAttribution = (): Promise<AttributionRow[]> => apiGet<AttributionRow[]>('/api/analytics/attribution');

export const attributionQuery = queryOptions({ queryKey: ['dashboard', 'attribution'], queryFn: fetchAttribution });

/** Page views and conversions per marketing source (`GET /api/analytics/attribution`). */
export function useAttribution() {
  return useQuery(attributionQuery);
}
