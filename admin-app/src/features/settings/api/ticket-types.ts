import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { AdminTicketTypesResponse, TicketTypesRequest } from '@festival/contracts';
import { apiGet, apiPut } from '@festival/web-kit/api-client';
import { settingsQuery } from './settings';

export const ticketTypesQuery = queryOptions({
  queryKey: ['admin', 'ticket-types'],
  queryFn: () => apiGet<AdminTicketTypesResponse>('/api/admin/ticket-types'),
});

/** The season on sale's ticket types (hidden ones too), with what each sold or holds (`GET /api/admin/ticket-types`). */
export function useTicketTypes() {
  return useQuery(ticketTypesQuery);
}

/**
 * `PUT /api/admin/ticket-types`: every type in order (one left out is deleted); read again
 * afterwards, the settings too (Adult's and Child's prices are the Tickets section's).
 */
export function useSaveTicketTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TicketTypesRequest) => apiPut<AdminTicketTypesResponse>('/api/admin/ticket-types', request),
    onSettled: () => Promise.all([queryClient.invalidateQueries(ticketTypesQuery), queryClient.invalidateQueries(settingsQuery)]),
  });
}
