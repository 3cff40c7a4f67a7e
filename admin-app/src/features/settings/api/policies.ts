import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { AdminPolicies, AdminPolicy, PolicyKind, PolicyUpdateRequest } from '@festival/contracts';
import { apiGet, apiPut } from '@festival/web-kit/api-client';

export const policiesQuery = queryOptions({
  queryKey: ['admin', 'policies'],
  queryFn: () => apiGet<AdminPolicies>('/api/admin/policies'),
});

/** `GET /api/admin/policies`: the privacy policy and the ticket terms (docs/privacy.md). */
export function usePolicies() {
  return useQuery(policiesQuery);
}

/** `PUT /api/admin/policies/:kind`: one policy's whole text; the section refreshes afterwards. */
export function useSavePolicy(kind: PolicyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PolicyUpdateRequest) => apiPut<AdminPolicy>(`/api/admin/policies/${kind}`, request),
    onSettled: () => queryClient.invalidateQueries(policiesQuery),
  });
}
