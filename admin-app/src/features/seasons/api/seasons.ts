import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { Season, SeasonsResponse, StartSeasonRequest } from '@festival/contracts';
import { apiGet, apiPost } from '@festival/web-kit/api-client';

export const seasonsQuery = queryOptions({
  queryKey: ['admin', 'events'],
  queryFn: () => apiGet<SeasonsResponse>('/api/admin/events'),
});

/** Every season, newest first, and the one on sale (`GET /api/admin/events`). */
export function useSeasons() {
  return useQuery(seasonsQuery);
}

/** What the season on sale changes: the settings, the seasons, the dashboard's default season, the site, the door. */
const FOLLOWS_THE_SEASON = [['admin', 'settings'], ['admin', 'events'], ['admin', 'door'], ['dashboard'], ['site']];

/**
 * `Start next event` (`POST /api/admin/events`): afterwards what reads the season on sale is
 * fetched again (not awaited: the answer is shown at once).
 */
export function useStartNextSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StartSeasonRequest) => apiPost<Season>('/api/admin/events', request),
    onSuccess: () => {
      for (const queryKey of FOLLOWS_THE_SEASON) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
