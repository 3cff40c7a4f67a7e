import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { FestivalEvent, FestivalEventsResponse, StartEventRequest } from '@festival/contracts';
import { apiGet, apiPost } from '@festival/web-kit/api-client';

export const eventsQuery = queryOptions({
  queryKey: ['admin', 'events'],
  queryFn: () => apiGet<FestivalEventsResponse>('/api/admin/events'),
});

/** Every event, newest first, and the one on sale (`GET /api/admin/events`). */
export function useEvents() {
  return useQuery(eventsQuery);
}

/**
 * `Start next event` (`POST /api/admin/events`): afterwards everything the staff pages show is
 * fetched again, since it now reads the new event.
 */
export function useStartNextEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StartEventRequest) => apiPost<FestivalEvent>('/api/admin/events', request),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
