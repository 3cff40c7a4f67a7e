import { useMutation, useQueryClient } from '@festival/query';
import type { Campaign } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { campaignsQuery } from './get-campaigns';

export const sendCampaign = (id: string): Promise<Campaign> => apiPost<Campaign>(`/api/campaigns/${encodeURIComponent(id)}/send`);

/** `POST /api/campaigns/{id}/send`: starts sending a draft; the list refreshes afterwards. */
export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQuery.queryKey }),
  });
}
