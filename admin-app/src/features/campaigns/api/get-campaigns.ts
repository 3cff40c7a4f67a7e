import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

/** While a campaign is sending, the list refreshes this often to move its progress bar. */
export const SENDING_REFRESH_MS = 1500;

export const fetchCampaigns = (): Promise<Campaign[]> => apiGet<Campaign[]>('/api/campaigns');

export const campaignsQuery = queryOptions({
  queryKey: ['campaigns'],
  queryFn: fetchCampaigns,
  refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'sending') ? SENDING_REFRESH_MS : false),
});

/** Every campaign, newest first (`GET /api/campaigns`). */
export function useCampaigns() {
  return useQuery(campaignsQuery);
}
