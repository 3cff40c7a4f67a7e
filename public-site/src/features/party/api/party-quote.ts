import { useMutation } from '@festival/query';
import type { PartyQuote, PartyQuoteRequest } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/** Checks a promo code (and prices the selection) on the server: codes never reach the browser. */
export function usePartyQuote() {
  return useMutation({ mutationFn: (request: PartyQuoteRequest) => apiPost<PartyQuote>('/api/party-quote', request) });
}
