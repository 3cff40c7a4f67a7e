import { useMutation } from '@festival/query';
import { apiPost } from '@festival/web-kit/api-client';

/** `Resend my tickets`: the order's confirmation e-mail once more (a few an hour, then a 429). */
export function useResendTickets(orderId: string) {
  return useMutation({
    mutationFn: () => apiPost<{ message: string }>(`/api/my-tickets/orders/${encodeURIComponent(orderId)}/resend`),
  });
}
