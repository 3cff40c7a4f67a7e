import { queryOptions, useQuery } from '@festival/query';
import type { DrinkOrderReceipt } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

export const confirmDrinkPayment = (paymentIntentId: string): Promise<DrinkOrderReceipt> =>
  apiPost<DrinkOrderReceipt>('/api/confirm-drink-payment', { paymentIntentId, type: 'drink_order' });

/**
 * The server checks the payment with the gateway and places the order once. It is idempotent,
 * so it runs as a query: one call per payment, even when the page renders twice.
 */
export const drinkPaymentConfirmationQuery = (paymentIntentId: string) =>
  queryOptions({
    queryKey: ['drinks', 'payment-confirmation', paymentIntentId],
    queryFn: () => confirmDrinkPayment(paymentIntentId),
    staleTime: Infinity,
    retry: false,
  });

export function useDrinkPaymentConfirmation(paymentIntentId: string | null) {
  return useQuery({ ...drinkPaymentConfirmationQuery(paymentIntentId ?? ''), enabled: paymentIntentId !== null });
}
