import { queryOptions, useQuery } from '@festival/query';
import type { PaymentConfig } from '@festival/contracts';
import { apiGet } from '../api-client';

export const paymentConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: () => apiGet<PaymentConfig>('/api/payments/config'),
});

/** Which card form to show: Stripe's Payment Element or the simulated test-mode form. */
export function usePaymentConfig() {
  return useQuery(paymentConfigQuery);
}
