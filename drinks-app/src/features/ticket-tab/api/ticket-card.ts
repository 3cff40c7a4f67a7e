import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { DrinkTabResponse, KeptCardView, TicketTabRequest } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/** The card kept with the ticket order of `/drinks?ticket=<token>` (a 409 once it was forgotten). */
export const ticketCardQuery = (token: string) =>
  queryOptions({
    queryKey: ['drinks', 'ticket-card', token],
    queryFn: () => apiPost<KeptCardView>('/api/drink-tab/from-ticket/card', { token }),
    retry: false,
  });

export function useTicketCard(token: string) {
  return useQuery(ticketCardQuery(token));
}

/** One tap: a tab opened on the kept card, no card form. */
export function useOpenTicketTab() {
  return useMutation({
    mutationFn: (request: TicketTabRequest) => apiPost<DrinkTabResponse>('/api/drink-tab/from-ticket', request),
  });
}

/** `Forget my card`: detached at the payment service; the link then says the card was forgotten. */
export function useForgetTicketCard(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<void>('/api/drink-tab/from-ticket/forget', { token }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['drinks', 'ticket-card', token] }),
  });
}
