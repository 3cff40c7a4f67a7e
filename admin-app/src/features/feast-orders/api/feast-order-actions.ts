import { useMutation, useQueryClient } from '@festival/query';
import type { FeastOrderActionResult, FeastRefundRequest } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

type FeastOrderAction = 'refund' | 'resend-confirmation';

/** One action on one pre-order; a refund of a pre-order already picked up carries `confirmPickedUp: true`. */
export interface FeastOrderActionInput extends FeastRefundRequest {
  orderId: string;
}

export const feastOrderAction = ({ orderId, ...body }: FeastOrderActionInput, action: FeastOrderAction): Promise<FeastOrderActionResult> =>
  apiPost<FeastOrderActionResult>(`/api/admin/feast-orders/${encodeURIComponent(orderId)}/${action}`, body);

/**
 * The manager's actions on a pre-order in `Feast Pack Orders` (`Refund`, `Resend`); a refund
 * takes the order off the list and puts its packs back on sale, so the dashboard reads again.
 */
export function useFeastOrderAction(action: FeastOrderAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeastOrderActionInput) => feastOrderAction(input, action),
    onSuccess: () => (action === 'refund' ? queryClient.invalidateQueries({ queryKey: ['dashboard'] }) : undefined),
  });
}
