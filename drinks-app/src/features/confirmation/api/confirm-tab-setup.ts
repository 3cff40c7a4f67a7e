import { queryOptions, useQuery } from '@festival/query';
import type { DrinkTabView } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

/** The tab's token (kept by this phone) proves it opened the tab: the answer names the guest. */
export const confirmTabSetup = (tabId: string, setupIntentId: string, tabToken?: string): Promise<DrinkTabView> =>
  apiPost<DrinkTabView>('/api/drink-tab/confirm-setup', { tabId, setupIntentId, tabToken });

/** The server checks the saved card with the gateway and opens the tab (idempotent). */
export const tabSetupConfirmationQuery = (tabId: string, setupIntentId: string, tabToken?: string) =>
  queryOptions({
    queryKey: ['drinks', 'tab-setup-confirmation', tabId, setupIntentId],
    queryFn: () => confirmTabSetup(tabId, setupIntentId, tabToken),
    staleTime: Infinity,
    retry: false,
  });

export function useTabSetupConfirmation(request: { tabId: string; setupIntentId: string; tabToken?: string } | null) {
  return useQuery({
    ...tabSetupConfirmationQuery(request?.tabId ?? '', request?.setupIntentId ?? '', request?.tabToken),
    enabled: request !== null,
  });
}
