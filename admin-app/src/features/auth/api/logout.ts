import { useMutation, useQueryClient } from '@festival/query';
import type { AdminCheckResponse } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { adminCheckQuery } from './get-admin-check';

export const logout = (): Promise<AdminCheckResponse> => apiPost<AdminCheckResponse>('/api/admin/logout');

const [CHECK_SCOPE, CHECK_NAME] = adminCheckQuery.queryKey;

/**
 * `POST /api/admin/logout`. Afterwards the session check knows the session is gone, and
 * nothing the staff read stays in this browser's cache.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(adminCheckQuery.queryKey, { authenticated: false });
      // After the page has gone (the caller navigates in its own onSuccess), so nothing refetches.
      setTimeout(() => queryClient.removeQueries({ predicate: ({ queryKey: [scope, name] }) => scope !== CHECK_SCOPE || name !== CHECK_NAME }));
    },
  });
}
