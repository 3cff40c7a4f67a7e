import { queryOptions, useQuery } from '@festival/query';
import type { AdminCheckResponse } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const fetchAdminCheck = (): Promise<AdminCheckResponse> => apiGet<AdminCheckResponse>('/api/admin/check');

export const adminCheckQuery = queryOptions({ queryKey: ['admin', 'check'], queryFn: fetchAdminCheck, retry: false });

/** Whether this browser holds a staff session (`GET /api/admin/check`). */
export function useAdminCheck() {
  return useQuery(adminCheckQuery);
}
