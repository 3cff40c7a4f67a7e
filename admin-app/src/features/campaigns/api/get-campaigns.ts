import { queryOptions, useQuery } from '@festival/query';
import type { Campaign } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const fetchCampaigns = (): Promise<Campaign[]> => apiGet<Campaign[]>('/api/campaigns');

export const campaignsQuery = queryOptions({ queryKey: ['campaigns'], queryFn: fetchCampaigns });

/** Every campaign, newest first (`GET /api/campaigns`). */
export function useCampaigns() {
  return useQuery(campaignsQuery);
}
