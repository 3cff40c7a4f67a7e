import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { FeastCatalog, FeastPacksSettings, FeastPacksUpdate } from '@festival/contracts';
import { apiGet, apiPut } from '@festival/web-kit/api-client';

export const feastPacksQuery = queryOptions({
  queryKey: ['admin', 'feast-packs'],
  queryFn: () => apiGet<FeastPacksSettings>('/api/admin/feast-packs'),
});

/** The event on sale's packs (hidden ones too) and pickup times with what each sold (`GET /api/admin/feast-packs`). */
export function useFeastPacks() {
  return useQuery(feastPacksQuery);
}

/** `PUT /api/admin/feast-packs`: the whole section (what it leaves out is removed); read again afterwards. */
export function useSaveFeastPacks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (section: FeastPacksUpdate) => apiPut<FeastCatalog>('/api/admin/feast-packs', section),
    onSettled: () => queryClient.invalidateQueries(feastPacksQuery),
  });
}
