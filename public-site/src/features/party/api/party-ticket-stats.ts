import { queryOptions, useQuery } from '@festival/query';
import type { PartyTicketStats } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const partyTicketStatsQuery = queryOptions({
  queryKey: ['party', 'ticket-stats'],
  queryFn: () => apiGet<PartyTicketStats>('/api/party-ticket-stats'),
});

export function usePartyTicketStats() {
  return useQuery(partyTicketStatsQuery);
}
