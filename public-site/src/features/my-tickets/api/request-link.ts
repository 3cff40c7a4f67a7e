import { useMutation } from '@festival/query';
import type { MyTicketsLinkRequest } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/** `Send me a link`: the same answer whether or not the address has tickets. */
export function useRequestLink() {
  return useMutation({
    mutationFn: (request: MyTicketsLinkRequest) => apiPost<{ message: string }>('/api/my-tickets/link', request),
  });
}
