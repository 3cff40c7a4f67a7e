import { useQuery } from '@festival/query';
import type { CampaignAudienceCount, GuestAudience } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const fetchAudienceCount = (audience: GuestAudience): Promise<CampaignAudienceCount> =>
  apiGet<CampaignAudienceCount>(`/api/campaigns/audiences/${encodeURIComponent(audience)}`);

/**
 * How many guests a campaign to the audience would be written for now
 * (`GET /api/campaigns/audiences/{audience}`); fetched afresh each time the audience is chosen.
 */
export function useAudienceCount(audience: GuestAudience | undefined) {
  return useQuery({
    queryKey: ['campaigns', 'audience', audience],
    queryFn: () => fetchAudienceCount(audience!),
    enabled: audience !== undefined,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
