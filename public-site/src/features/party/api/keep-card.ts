import { useMutation } from '@festival/query';
import type { KeepCardRequest } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/**
 * `Keep my card for drinks at the party`, ticked or unticked before paying: the server sets the
 * payment to keep the card (or not). The payment's client secret proves the order is this browser's.
 */
export function useKeepCard() {
  return useMutation({
    mutationFn: (request: KeepCardRequest) => apiPost<void>('/api/party-payment-intent/keep-card', request),
  });
}
