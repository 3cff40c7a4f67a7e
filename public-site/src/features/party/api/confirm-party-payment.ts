import { useMutation } from '@festival/query';
import type { PartyOrderReceipt } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/**
 * Tells the server the card went through; it checks with the gateway and marks the order paid.
 * The client secret proves this browser paid, so the answer names the buyer.
 */
export function useConfirmPartyPayment() {
  return useMutation({
    mutationFn: ({ paymentIntentId, clientSecret }: { paymentIntentId: string; clientSecret: string | null }) =>
      apiPost<PartyOrderReceipt>('/api/confirm-payment', { paymentIntentId, type: 'party_ticket', clientSecret }),
  });
}
