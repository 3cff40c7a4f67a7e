import { useMutation } from '@festival/query';
import type { WaitlistJoinRequest, WaitlistJoinResponse } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/** Joins the sold-out party's waitlist (or updates this e-mail's entry): `{ position }`. */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: (request: WaitlistJoinRequest) => apiPost<WaitlistJoinResponse>('/api/party-waitlist', request),
  });
}
