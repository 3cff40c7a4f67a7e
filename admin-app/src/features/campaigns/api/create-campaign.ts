import { useMutation, useQueryClient } from '@festival/query';
import type { Campaign, CreateCampaignRequest } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { campaignsQuery } from './get-campaigns';

export const createCampaign = (body: CreateCampaignRequest): Promise<Campaign> => apiPost<Campaign>('/api/campaigns', body);

/** `POST /api/campaigns`; the list refreshes afterwards. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQuery.queryKey }),
  });
}
