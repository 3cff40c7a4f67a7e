import { useMutation } from '@festival/query';
import type { SendTestCampaignResponse } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

export const sendTestCampaign = ({ id, email }: { id: string; email: string }): Promise<SendTestCampaignResponse> =>
  apiPost<SendTestCampaignResponse>(`/api/campaigns/${encodeURIComponent(id)}/test`, { email });

/** `POST /api/campaigns/{id}/test`: one copy to one address; the campaign's status stays. */
export function useSendTestCampaign() {
  return useMutation({ mutationFn: sendTestCampaign });
}
