import { queryOptions, useQuery } from '@festival/query';
import type { DrinkOrderReceipt } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/** The client secret (Stripe's `payment_intent_client_secret`) proves this phone paid: the answer names the guest. */
export const confirmDrinkPayment = (paymentIntentId: string, clientSecret: string | null): Promise<DrinkOrderReceipt> =>
  apiPost<DrinkOrderReceipt>('/api/confirm-drink-payment', {
    paymentIntentId,
    type: 'drink_order',
    clientSecret: clientSecret ?? undefined,
  });

/**
 * The server checks the payment with the gateway and places the order once. It is idempotent,
 * so it runs as a query: one call per payment, even when the page renders twice.
 */
export const drinkPaymentConfirmationQuery = (paymentIntentId: string, clientSecret: string | null) =>
  queryOptions({
    queryKey: ['drinks', 'payment-confirmation', paymentIntentId],
    queryFn: () => confirmDrinkPayment(paymentIntentId, clientSecret),
    staleTime: Infinity,
    retry: false,
  });

export function useDrinkPaymentConfirmation(paymentIntentId: string | null, clientSecret: string | null) {
  return useQuery({ ...drinkPaymentConfirmationQuery(paymentIntentId ?? '', clientSecret), enabled: paymentIntentId !== null });
}
