import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { PickupOrder, PickupRequest, PickupResponse } from '@festival/contracts';
import { apiGet, apiPost } from '@festival/web-kit/api-client';

/** Other desks mark orders picked up too: the list is asked again every 15 seconds. */
export const PICKUPS_POLL_MS = 15_000;

const PICKUPS_KEY = ['admin', 'pickups'] as const;

export const pickupsQuery = (q: string) =>
  queryOptions({
    queryKey: [...PICKUPS_KEY, q],
    queryFn: () => apiGet<{ orders: PickupOrder[] }>(`/api/admin/pickups${q ? `?q=${encodeURIComponent(q)}` : ''}`),
    refetchInterval: PICKUPS_POLL_MS,
    staleTime: 0,
    // A new search keeps the list shown until its answer comes.
    placeholderData: (previous: { orders: PickupOrder[] } | undefined) => previous,
  });

/** The paid pre-orders in pickup-time order, those matching `q` (name, e-mail, phone or reference) when given. */
export function usePickups(q: string) {
  return useQuery(pickupsQuery(q));
}

/**
 * `POST /api/admin/pickups` by pickup code or order id: the order it answers replaces its row at
 * once in every list shown, then the lists are read again.
 */
export function usePickUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PickupRequest) => apiPost<PickupResponse>('/api/admin/pickups', request),
    onSuccess: ({ order }) => {
      if (!order) return;
      queryClient.setQueriesData<{ orders: PickupOrder[] }>({ queryKey: PICKUPS_KEY }, (list) =>
        list ? { orders: list.orders.map((row) => (row.orderId === order.orderId ? order : row)) } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PICKUPS_KEY }),
  });
}
