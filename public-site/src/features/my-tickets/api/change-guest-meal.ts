import { useMutation, useQueryClient } from '@festival/query';
import type { GuestMeal, GuestMealChange, MyTickets } from '@festival/contracts';
import { apiPut } from '@festival/web-kit/api-client';
import { MY_TICKETS_KEY } from './my-tickets';

/** `Save` of one seat's meal while meals are open (a 409 once they close); the answer is the order's meal rows. */
export function useChangeGuestMeal(orderId: string, seat: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GuestMealChange) =>
      apiPut<GuestMeal[]>(`/api/my-tickets/orders/${encodeURIComponent(orderId)}/guests/${seat}`, change),
    onSuccess: (guests) =>
      queryClient.setQueryData<MyTickets | null>(MY_TICKETS_KEY, (tickets) =>
        tickets
          ? { ...tickets, orders: tickets.orders.map((order) => (order.orderId === orderId ? { ...order, guests } : order)) }
          : tickets,
      ),
  });
}
