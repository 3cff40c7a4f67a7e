import { useMutation, useQueryClient } from '@festival/query';
import { apiDelete } from '@festival/web-kit/api-client';
import { campaignsQuery } from './get-campaigns';

export const deleteCampaign = (id: string): Promise<void> => apiDelete<void>(`/api/campaigns/${encodeURIComponent(id)}`);

/** `DELETE /api/campaigns/{id}` (a sending campaign is stopped first); the list refreshes afterwards. */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQuery.queryKey }),
  });
}
