import { useMutation } from '@festival/query';
import type { ResendConfirmationResponse } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/**
 * `E-mail my tickets again`: the server queues the confirmation e-mail once more. The payment's
 * client secret proves the order is this browser's; a few resends an hour, then a 429 that says
 * when to try again.
 */
export function useResendConfirmation(orderId: string) {
  return useMutation({
    mutationFn: (clientSecret: string) =>
      apiPost<ResendConfirmationResponse>(`/api/party-orders/${encodeURIComponent(orderId)}/resend-confirmation`, { clientSecret }),
  });
}

/** The paid order's calendar event (the e-mail's `.ics` attachment), for `Add to calendar`. */
export const calendarUrl = (orderId: string): string => `/api/party-orders/${encodeURIComponent(orderId)}/calendar`;
