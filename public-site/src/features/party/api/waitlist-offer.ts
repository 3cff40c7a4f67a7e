import { queryOptions, useQuery } from '@festival/query';
import type { WaitlistOffer } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

/** The offer of a personal waitlist link (`/diwali-party?offer=<token>`); an expired or used one answers 410. */
export const waitlistOfferQuery = (token: string) =>
  queryOptions({
    queryKey: ['party', 'waitlist-offer', token],
    queryFn: () => apiGet<WaitlistOffer>(`/api/party-waitlist/offers/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });

/** The link's offer; nothing is asked without a token. */
export function useWaitlistOffer(token: string | null) {
  return useQuery({ ...waitlistOfferQuery(token ?? ''), enabled: Boolean(token) });
}
