import { queryOptions, useQuery, type QueryClient } from '@festival/query';
import type { PublicTicketTypesResponse } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { partyTicketStatsQuery } from './party-ticket-stats';

/** The season's visible ticket types, each at its price now with the tickets left (docs/ticket-types.md). */
export const partyTicketTypesQuery = queryOptions({
  queryKey: ['party', 'ticket-types'],
  queryFn: () => apiGet<PublicTicketTypesResponse>('/api/party-ticket-types'),
});

/** Read only when the season sells ticket types (`site.party.sellsTicketTypes`): otherwise never asked for. */
export function usePartyTicketTypes(enabled: boolean) {
  return useQuery({ ...partyTicketTypesQuery, enabled });
}

/**
 * The tickets left changed (an order held or paid, a refusal for tickets gone): the stats are
 * read again, and the types too where the page shows them (a query never enabled stays unasked).
 */
export function refreshTicketsLeft(queryClient: QueryClient): void {
  void queryClient.invalidateQueries(partyTicketStatsQuery);
  void queryClient.invalidateQueries(partyTicketTypesQuery);
}
