import { queryOptions, useQuery } from '@festival/query';
import type { AdminCheckResponse } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const staffSessionQuery = queryOptions({
  queryKey: ['admin', 'check'],
  queryFn: () => apiGet<AdminCheckResponse>('/api/admin/check'),
  staleTime: 0,
  retry: false,
});

/** `GET /api/admin/check`: whether this browser holds a staff session. */
export function useStaffSession() {
  return useQuery(staffSessionQuery);
}
