import { useQuery } from '@festival/query';
import type { CampaignPreview, CampaignPreviewRequest } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { useEffect, useState } from 'react';

export const previewCampaign = (request: CampaignPreviewRequest): Promise<CampaignPreview> =>
  apiPost<CampaignPreview>('/api/campaigns/preview', request);

/** How long the editor must rest before the preview asks the server again. */
const PREVIEW_DELAY_MS = 400;

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * `POST /api/campaigns/preview`: the draft rendered by the server exactly as it will be sent,
 * asked again once typing rests; the last preview stays on screen meanwhile.
 */
export function useCampaignPreview(subject: string, content: string) {
  const settled = useSettled({ subject, content }, PREVIEW_DELAY_MS);
  return useQuery({
    queryKey: ['campaign-preview', settled.subject, settled.content],
    queryFn: () => previewCampaign(settled),
    placeholderData: (previous) => previous,
    staleTime: Infinity,
    retry: false,
  });
}
