import { useMutation, useQueryClient } from '@festival/query';
import type { DrinkTabView, Tip } from '@festival/contracts';
import { apiRequest } from '@festival/web-kit/api-client';
import type { SavedTab } from '#shared/stores/tab-store.ts';

const method = 'POST';

export const closeMyTab = ({ tab, tip }: { tab: SavedTab; tip: Tip }): Promise<DrinkTabView> =>
  apiRequest<DrinkTabView>(method, `/api/drink-tab/${encodeURIComponent(tab.tabId)}/close`, { tip }, { 'X-Tab-Token': tab.tabToken });

/** `Close my tab`: the tip chosen, the tab closed and its card charged once. */
export function useCloseMyTab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeMyTab,
    onSettled: (_data, _error, { tab }) => queryClient.invalidateQueries({ queryKey: ['drinks', 'tab', tab.tabId] }),
  });
}
