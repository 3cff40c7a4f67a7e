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

/** What the event on sale changes: the settings, the events, the dashboard's default event, the site, the door. */
const FOLLOWS_THE_EVENT = [['admin', 'settings'], ['admin', 'events'], ['admin', 'door'], ['dashboard'], ['site']];

/**
 * `Start next event` (`POST /api/admin/events`): afterwards what reads the event on sale is
 * fetched again (not awaited: the answer is shown at once).
 */
export function useStartNextEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StartEventRequest) => apiPost<FestivalEvent>('/api/admin/events', request),
    onSuccess: () => {
      for (const queryKey of FOLLOWS_THE_EVENT) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
