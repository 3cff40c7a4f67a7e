import { useMutation } from '@festival/query';
import type { PartyOrderRequest, PartyOrderResponse } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/** Holds the tickets and starts the payment: `{clientSecret, orderId}`. */
export function useCreatePartyOrder() {
  return useMutation({
    mutationFn: (request: PartyOrderRequest) => apiPost<PartyOrderResponse>('/api/party-payment-intent', request),
  });
}
