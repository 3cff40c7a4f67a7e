import { queryOptions, useQuery } from '@festival/query';
import type { PartyTicketRow } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

/** The abandoned carts are fetched again this often while the dashboard is open. */
export const ABANDONED_CARTS_REFRESH_MS = 60_000;

export const fetchAbandonedCarts = (): Promise<PartyTicketRow[]> => apiGet<PartyTicketRow[]>('/api/admin/abandoned-carts');

export const abandonedCartsQuery = queryOptions({
  queryKey: ['dashboard', 'abandoned-carts'],
  queryFn: fetchAbandonedCarts,
  refetchInterval: ABANDONED_CARTS_REFRESH_MS,
});

/** Ticket purchases started and not completed, 30+ minutes old (`GET /api/admin/abandoned-carts`). */
export function useAbandonedCarts() {
  return useQuery(abandonedCartsQuery);
}
