import { useMutation } from '@festival/query';
import type { ResendConfirmationResponse } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

export const resendTickets = (orderId: string): Promise<ResendConfirmationResponse> =>
  apiPost<ResendConfirmationResponse>(`/api/admin/party-orders/${encodeURIComponent(orderId)}/resend-confirmation`);

/** The manager e-mails a guest's tickets again (the same e-mail, the current code; on the activity log). */
export function useResendTickets() {
  return useMutation({ mutationFn: resendTickets });
}
