import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { DrinkOrderDetails, DrinkTabDetails, ReceiptResent } from '@festival/contracts';
import { apiGet, apiPost } from '@festival/web-kit/api-client';

export const drinkOrderDetailsQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['dashboard', 'drink-order', orderId],
    queryFn: () => apiGet<DrinkOrderDetails>(`/api/admin/drink-orders/${encodeURIComponent(orderId)}`),
  });

export const drinkTabDetailsQuery = (tabId: string) =>
  queryOptions({
    queryKey: ['dashboard', 'drink-tab', tabId],
    queryFn: () => apiGet<DrinkTabDetails>(`/api/admin/drink-tabs/${encodeURIComponent(tabId)}`),
  });

/** `Order details` of one drinks order (`GET /api/admin/drink-orders/:orderId`). */
export function useDrinkOrderDetails(orderId: string | null) {
  return useQuery({ ...drinkOrderDetailsQuery(orderId ?? ''), enabled: orderId !== null });
}

/** `Order details` of one tab (`GET /api/admin/drink-tabs/:tabId`). */
export function useDrinkTabDetails(tabId: string | null) {
  return useQuery({ ...drinkTabDetailsQuery(tabId ?? ''), enabled: tabId !== null });
}

/**
 * `Refund` of a pay-now drinks order (`POST /api/admin/drink-orders/:orderId/refund`): the
 * details as the server answered, and the dashboard's tables read again.
 */
export function useRefundDrinkOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<DrinkOrderDetails>(`/api/admin/drink-orders/${encodeURIComponent(orderId)}/refund`),
    onSuccess: (details) => {
      client.setQueryData(drinkOrderDetailsQuery(orderId).queryKey, details);
      void client.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/**
 * `Resend receipt` of a paid drinks order or a charged tab
 * (`POST /api/admin/drink-orders/:id/resend-receipt`, `POST /api/admin/drink-tabs/:id/resend-receipt`).
 */
export function useResendDrinkReceipt(kind: 'order' | 'tab', id: string) {
  return useMutation({
    mutationFn: () =>
      apiPost<ReceiptResent>(`/api/admin/${kind === 'order' ? 'drink-orders' : 'drink-tabs'}/${encodeURIComponent(id)}/resend-receipt`),
  });
}
