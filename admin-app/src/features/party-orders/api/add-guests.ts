import { useMutation, useQueryClient } from '@festival/query';
import type { AddGuestsRequest, PartyOrderDetails } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { partyOrderDetailsQuery } from './party-order-details';

/** `Add guests` (`POST /api/admin/party-orders/comps`): a comp order; the tickets table read again. */
export function useAddGuests() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddGuestsRequest) => apiPost<PartyOrderDetails>('/api/admin/party-orders/comps', body),
    onSuccess: (details) => {
      client.setQueryData(partyOrderDetailsQuery(details.id).queryKey, details);
      void client.invalidateQueries({ queryKey: ['dashboard', 'party-tickets'] });
    },
  });
}
