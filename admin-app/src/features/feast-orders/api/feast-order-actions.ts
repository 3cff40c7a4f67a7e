import { useMutation, useQueryClient } from '@festival/query';
import type { FeastOrderActionResult } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

type FeastOrderAction = 'refund' | 'resend-confirmation';

export const feastOrderAction = (orderId: string, action: FeastOrderAction): Promise<FeastOrderActionResult> =>
  apiPost<FeastOrderActionResult>(`/api/admin/feast-orders/${encodeURIComponent(orderId)}/${action}`);

/**
 * The manager's actions on a pre-order in `Feast Pack Orders` (`Refund`, `Resend`); a refund
 * takes the order off the list and puts its packs back on sale, so the dashboard reads again.
 */
export function useFeastOrderAction(action: FeastOrderAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => feastOrderAction(orderId, action),
    onSuccess: () => (action === 'refund' ? queryClient.invalidateQueries({ queryKey: ['dashboard'] }) : undefined),
  });
}
