import { queryOptions, useQuery } from '@festival/query';
import type { DrinkOrderDetails, DrinkTabDetails } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

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
