import { useQuery } from '@festival/query';
import type { CampaignRecipientReport } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';
import { SENDING_REFRESH_MS } from './get-campaigns-progress';

export const fetchCampaignReport = (id: string): Promise<CampaignRecipientReport[]> =>
  apiGet<CampaignRecipientReport[]>(`/api/campaigns/${encodeURIComponent(id)}/recipients`);

/** A campaign's recipients and what became of each (`GET /api/campaigns/{id}/recipients`), kept moving while it sends. */
export function useCampaignReport(id: string | undefined, sending: boolean) {
  return useQuery({
    queryKey: ['campaigns', 'report', id],
    queryFn: () => fetchCampaignReport(id!),
    enabled: id !== undefined,
    refetchInterval: sending ? SENDING_REFRESH_MS : false,
  });
}
