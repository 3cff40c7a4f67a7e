import { queryOptions, useQuery } from '@festival/query';
import type { PartyTicketRow } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const fetchPartyTickets = (): Promise<PartyTicketRow[]> => apiGet<PartyTicketRow[]>('/api/party-tickets');

export const partyTicketsQuery = queryOptions({ queryKey: ['dashboard', 'party-tickets'], queryFn: fetchPartyTickets });

/** Every paid party ticket order, newest first (`GET /api/party-tickets`). */
export function usePartyTickets() {
  return useQuery(partyTicketsQuery);
}
