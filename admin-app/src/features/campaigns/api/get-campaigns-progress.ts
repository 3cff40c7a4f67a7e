import { queryOptions, useQuery } from '@festival/query';
import type { CampaignProgressItem } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

/** While a campaign is sending, its progress is fetched this often. */
export const SENDING_REFRESH_MS = 1500;

export const fetchCampaignsProgress = (): Promise<CampaignProgressItem[]> => apiGet<CampaignProgressItem[]>('/api/campaigns/progress');

export const campaignsProgressQuery = queryOptions({ queryKey: ['campaigns', 'progress'], queryFn: fetchCampaignsProgress });

/**
 * Status and counts of every campaign (`GET /api/campaigns/progress`, small: no content or
 * recipients), polled while `enabled` until an answer newer than `since` shows none sending.
 */
export function useCampaignsProgress(enabled: boolean, since: number) {
  return useQuery({
    ...campaignsProgressQuery,
    enabled,
    refetchInterval: (query) => {
      const { data, dataUpdatedAt } = query.state;
      const settled = data !== undefined && dataUpdatedAt > since && !data.some((c) => c.status === 'sending');
      return settled ? false : SENDING_REFRESH_MS;
    },
  });
}
