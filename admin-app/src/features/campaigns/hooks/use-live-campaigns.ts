import { useMemo } from 'react';
import type { Campaign, CampaignProgressItem } from '@festival/contracts';
import { useCampaignsProgress } from '../api/get-campaigns-progress';
import { useCampaigns } from '../api/get-campaigns';

/** The list with each campaign's status and counts taken from the newer progress answer. */
export function withProgress(campaigns: Campaign[], progress: CampaignProgressItem[]): Campaign[] {
  const byId = new Map(progress.map((item) => [item.id, item]));
  return campaigns.map((campaign) => {
    const live = byId.get(campaign.id);
    return live ? { ...campaign, ...live } : campaign;
  });
}

/**
 * The campaign list, kept moving while one is sending: the full list comes from
 * `GET /api/campaigns` (refetched after each change), the progress from a light poll.
 */
export function useLiveCampaigns() {
  const list = useCampaigns();
  const sending = list.data?.some((c) => c.status === 'sending') ?? false;
  const progress = useCampaignsProgress(sending, list.dataUpdatedAt);
  const progressIsNewer = progress.data !== undefined && progress.dataUpdatedAt > list.dataUpdatedAt;
  const campaigns = useMemo(
    () => (list.data && progressIsNewer ? withProgress(list.data, progress.data!) : list.data),
    [list.data, progress.data, progressIsNewer],
  );
  return { campaigns, isPending: list.isPending, error: list.error, refetch: list.refetch };
}
