import { queryOptions, useQuery } from '@festival/query';
import type { DrinkTabView } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

export const confirmTabSetup = (tabId: string, setupIntentId: string): Promise<DrinkTabView> =>
  apiPost<DrinkTabView>('/api/drink-tab/confirm-setup', { tabId, setupIntentId });

/** The server checks the saved card with the gateway and opens the tab (idempotent). */
export const tabSetupConfirmationQuery = (tabId: string, setupIntentId: string) =>
  queryOptions({
    queryKey: ['drinks', 'tab-setup-confirmation', tabId, setupIntentId],
    queryFn: () => confirmTabSetup(tabId, setupIntentId),
    staleTime: Infinity,
    retry: false,
  });

export function useTabSetupConfirmation(request: { tabId: string; setupIntentId: string } | null) {
  return useQuery({ ...tabSetupConfirmationQuery(request?.tabId ?? '', request?.setupIntentId ?? ''), enabled: request !== null });
}
