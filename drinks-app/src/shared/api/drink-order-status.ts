import { useQuery } from '@festival/query';
import type { BarOrderStatus, DrinkOrderStatusView } from '@festival/contracts';
import { ApiError, apiGet } from '@festival/web-kit/api-client';

/** How often a visible page asks while an order is at the bar: Ready shows within 3 seconds. */
export const ORDER_POLL_MS = 2_000;

/**
 * The poll interval while any of these orders is still to be handed over, and none once all are
 * served. react-query pauses it while the page is hidden (a sleeping phone asks nothing) and asks
 * at once when the page is shown again.
 */
export const pollWhileAtBar = (statuses: BarOrderStatus[] | undefined): number | false =>
  statuses?.some((s) => s !== 'served') ? ORDER_POLL_MS : false;

/**
 * Where a paid order is at the bar, asked with the payment's client secret (the order id alone
 * gets nothing). The answer is tiny and the server gives 304 while it is unchanged.
 */
export function useDrinkOrderStatus(orderId: string | undefined, clientSecret: string | null) {
  return useQuery({
    queryKey: ['drinks', 'order-status', orderId],
    queryFn: () =>
      apiGet<DrinkOrderStatusView>(`/api/drink-orders/${encodeURIComponent(orderId ?? '')}/status`, {
        'X-Client-Secret': clientSecret ?? '',
      }),
    enabled: Boolean(orderId && clientSecret),
    staleTime: 0,
    refetchOnWindowFocus: true,
    // A 404 (an order from before the phone could follow it) stops asking; a lost connection does not.
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 404
        ? false
        : pollWhileAtBar([query.state.data?.barStatus ?? 'new']),
  });
}
