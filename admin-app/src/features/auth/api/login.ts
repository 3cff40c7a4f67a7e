import { useMutation, useQueryClient } from '@festival/query';
import type { AdminCheckResponse, AdminLoginRequest } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { startStaffSession } from '#shared/api/admin-session.ts';

export const login = (body: AdminLoginRequest): Promise<AdminCheckResponse> => apiPost<AdminCheckResponse>('/api/admin/login', body);

/** `POST /api/admin/login`; on success the session check knows without asking again. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => startStaffSession(queryClient, session),
  });
}
