import { queryOptions, useQuery } from '@festival/query';
import { policyQueryKey, type PolicyKind, type PublicPolicy } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

/** `GET /api/policies/:kind`; the pre-rendered page comes with its answer (docs/privacy.md). */
export const policyQuery = (kind: PolicyKind) =>
  queryOptions({ queryKey: policyQueryKey(kind), queryFn: () => apiGet<PublicPolicy>(`/api/policies/${kind}`) });

export function usePolicy(kind: PolicyKind) {
  return useQuery(policyQuery(kind));
}
