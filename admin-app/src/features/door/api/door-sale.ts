import { queryOptions, useMutation, useQuery } from '@festival/query';
import type { ConfirmDoorSaleRequest, DoorSaleRequest, DoorSaleResponse, PartyQuote } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/** The price of a door sale: the party's quote at the Tickets settings' prices, no promo code. */
export function useDoorSaleQuote(adults: number, children: number) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'door', 'sale-quote', adults, children],
      queryFn: () => apiPost<PartyQuote>('/api/party-quote', { adultTickets: adults, childTickets: children }),
      enabled: adults + children > 0,
      staleTime: 30_000,
      retry: false,
    }),
  );
}

/** `Sell at the door` (`POST /api/admin/door-sales`). */
export function useDoorSale() {
  return useMutation({ mutationFn: (body: DoorSaleRequest) => apiPost<DoorSaleResponse>('/api/admin/door-sales', body) });
}

/** A door sale's card went through (`POST /api/admin/door-sales/:orderId/confirm`): paid and admitted. */
export function useConfirmDoorSale() {
  return useMutation({
    mutationFn: ({ orderId, ...body }: ConfirmDoorSaleRequest & { orderId: string }) =>
      apiPost<DoorSaleResponse>(`/api/admin/door-sales/${encodeURIComponent(orderId)}/confirm`, body),
  });
}
