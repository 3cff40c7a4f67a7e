import { useMutation, useQueryClient } from '@festival/query';
import type { MyTickets } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { MY_TICKETS_KEY } from './my-tickets';

/**
 * `Forget my card`: the card kept with the order for drinks is detached at the gateway (a 409
 * while a tab on it is still open). The order then shows no kept card.
 */
export function useForgetCard(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<void>(`/api/my-tickets/orders/${encodeURIComponent(orderId)}/forget-card`),
    onSuccess: () =>
      queryClient.setQueryData<MyTickets | null>(MY_TICKETS_KEY, (tickets) =>
        tickets
          ? { ...tickets, orders: tickets.orders.map((order) => (order.orderId === orderId ? { ...order, keptCard: null } : order)) }
          : tickets,
      ),
  });
}
