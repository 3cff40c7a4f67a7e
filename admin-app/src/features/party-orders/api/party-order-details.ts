import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { EditGuestRequest, PartyOrderDetails, PartyRefundRequest, ResendConfirmationResponse } from '@festival/contracts';
import { apiGet, apiPost, apiPut } from '@festival/web-kit/api-client';

const orderPath = (orderId: string) => `/api/admin/party-orders/${encodeURIComponent(orderId)}`;

export const partyOrderDetailsQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['dashboard', 'party-order', orderId],
    queryFn: () => apiGet<PartyOrderDetails>(orderPath(orderId)),
  });

/** `Order details` of one party order (`GET /api/admin/party-orders/:orderId`). */
export function usePartyOrderDetails(orderId: string | null) {
  return useQuery({ ...partyOrderDetailsQuery(orderId ?? ''), enabled: orderId !== null });
}

/** After an action: the order's details as the server answered, and the dashboard's tables read again. */
function useOrderAction<V>(orderId: string, call: (vars: V) => Promise<PartyOrderDetails>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (details) => {
      client.setQueryData(partyOrderDetailsQuery(orderId).queryKey, details);
      void client.invalidateQueries({ queryKey: ['dashboard', 'party-tickets'] });
    },
  });
}

export const useRefundOrder = (orderId: string) =>
  useOrderAction(orderId, (body: PartyRefundRequest) => apiPost<PartyOrderDetails>(`${orderPath(orderId)}/refunds`, body));

export const useCancelOrder = (orderId: string) =>
  useOrderAction(orderId, () => apiPost<PartyOrderDetails>(`${orderPath(orderId)}/cancel`));

export const useEditGuest = (orderId: string) =>
  useOrderAction(orderId, (body: EditGuestRequest) => apiPut<PartyOrderDetails>(`${orderPath(orderId)}/guest`, body));

/** `Resend confirmation`, to the order's address or a corrected one. */
export function useResendConfirmation(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string | undefined) =>
      apiPost<ResendConfirmationResponse>(`${orderPath(orderId)}/resend-confirmation`, email ? { email } : {}),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: partyOrderDetailsQuery(orderId).queryKey });
      void client.invalidateQueries({ queryKey: ['dashboard', 'party-tickets'] });
    },
  });
}
