import { useMutation, useQueryClient } from '@festival/query';
import type { AdminCheckResponse } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { endStaffSession } from '#shared/api/admin-session.ts';

export const logout = (): Promise<AdminCheckResponse> => apiPost<AdminCheckResponse>('/api/admin/logout');

/**
 * `POST /api/admin/logout`. Afterwards the session check knows the session is gone, and
 * nothing the staff read stays in this browser's cache.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => endStaffSession(queryClient) });
}
