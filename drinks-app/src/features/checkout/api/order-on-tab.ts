import { useMutation, useQueryClient } from '@festival/query';
import type { DrinkOrderReceipt, TabOrderRequest } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

export const orderOnTab = ({ tabId, request }: { tabId: string; request: TabOrderRequest }): Promise<DrinkOrderReceipt> =>
  apiPost<DrinkOrderReceipt>(`/api/drink-tab/${encodeURIComponent(tabId)}/orders`, request);

/** Puts the cart on the phone's open tab: no card, straight to the bar. */
export function useOrderOnTab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderOnTab,
    onSettled: (_data, _error, { tabId }) => queryClient.invalidateQueries({ queryKey: ['drinks', 'tab', tabId] }),
  });
}
