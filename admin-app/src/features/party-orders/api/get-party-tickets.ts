import { queryOptions, useQuery } from '@festival/query';
import { dashboardFilterQuery, type PaidPartyTicketRow } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { useDashboardFilter, type DashboardFilterValue } from '#shared/stores/dashboard-filter-store.ts';

export const fetchPartyTickets = (filter: DashboardFilterValue = {}): Promise<PaidPartyTicketRow[]> =>
  apiGet<PaidPartyTicketRow[]>(`/api/party-tickets${dashboardFilterQuery(filter)}`);

export const partyTicketsQuery = (filter: DashboardFilterValue) =>
  queryOptions({ queryKey: ['dashboard', 'party-tickets', filter], queryFn: () => fetchPartyTickets(filter) });

/**
 * The paid party ticket orders of the dashboard's event and dates, newest first, with their
 * guests admitted so far (`GET /api/party-tickets`).
 */
export function usePartyTickets() {
  return useQuery(partyTicketsQuery(useDashboardFilter()));
}
