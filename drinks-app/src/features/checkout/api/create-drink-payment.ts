import { useMutation } from '@festival/query';
import type { DrinkPaymentRequest, DrinkPaymentResponse } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

export const createDrinkPayment = (request: DrinkPaymentRequest): Promise<DrinkPaymentResponse> =>
  apiPost<DrinkPaymentResponse>('/api/drink-payment-intent', request);

/** Pay now: the server re-prices the cart and starts the payment (`{clientSecret}`). */
export function useCreateDrinkPayment() {
  return useMutation({ mutationFn: createDrinkPayment });
}
