import { queryOptions, useQuery } from '@festival/query';
import type { PaidPartyTicketRow } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const fetchPartyTickets = (): Promise<PaidPartyTicketRow[]> => apiGet<PaidPartyTicketRow[]>('/api/party-tickets');

export const partyTicketsQuery = queryOptions({ queryKey: ['dashboard', 'party-tickets'], queryFn: fetchPartyTickets });

/** Every paid party ticket order, newest first, with its guests admitted so far (`GET /api/party-tickets`). */
export function usePartyTickets() {
  return useQuery(partyTicketsQuery);
}
