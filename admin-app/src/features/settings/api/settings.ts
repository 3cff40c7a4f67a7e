import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { AdminSettings, EventSettings, RestaurantSettings, TicketSettings } from '@festival/contracts';
import { apiGet, apiPut } from '@festival/web-kit/api-client';

export const settingsQuery = queryOptions({
  queryKey: ['admin', 'settings'],
  queryFn: () => apiGet<AdminSettings>('/api/admin/settings'),
});

/** Every section the manager can change (`GET /api/admin/settings`). */
export function useSettings() {
  return useQuery(settingsQuery);
}

/** `PUT /api/admin/settings/tickets`: the whole Tickets section; the settings refresh afterwards. */
export function useSaveTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tickets: TicketSettings) => apiPut<TicketSettings>('/api/admin/settings/tickets', tickets),
    onSettled: () => queryClient.invalidateQueries(settingsQuery),
  });
}

/** `PUT /api/admin/settings/restaurant`: the whole Restaurant section. */
export function useSaveRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (restaurant: RestaurantSettings) => apiPut<RestaurantSettings>('/api/admin/settings/restaurant', restaurant),
    onSettled: () => queryClient.invalidateQueries(settingsQuery),
  });
}

/** `PUT /api/admin/settings/event`: the whole Event section. */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: EventSettings) => apiPut<EventSettings>('/api/admin/settings/event', event),
    onSettled: () => queryClient.invalidateQueries(settingsQuery),
  });
}
