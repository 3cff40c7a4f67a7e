import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { GuestDataSettings } from '@festival/contracts';
import { apiGet, apiPut } from '@festival/web-kit/api-client';

export const guestDataSettingsQuery = queryOptions({
  queryKey: ['admin', 'settings', 'guest-data'],
  queryFn: () => apiGet<GuestDataSettings>('/api/admin/settings/guest-data'),
});

/** `GET /api/admin/settings/guest-data`: the Guest data section (docs/settings.md). */
export function useGuestDataSettings() {
  return useQuery(guestDataSettingsQuery);
}

/** `PUT /api/admin/settings/guest-data`: the whole section; it refreshes afterwards. */
export function useSaveGuestDataSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (section: GuestDataSettings) => apiPut<GuestDataSettings>('/api/admin/settings/guest-data', section),
    onSettled: () => queryClient.invalidateQueries(guestDataSettingsQuery),
  });
}
