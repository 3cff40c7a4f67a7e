import { queryOptions, useQuery } from '@festival/query';
import { useEffect } from 'react';
import type { DrinkTabView } from '@festival/contracts';
import { ApiError, apiGet } from '@festival/web-kit/api-client';
import { useTabStore, type SavedTab } from '../stores/tab-store';
import { pollWhileAtBar } from './drink-order-status';

export const fetchDrinkTab = (tab: SavedTab): Promise<DrinkTabView> =>
  apiGet<DrinkTabView>(`/api/drink-tab/${encodeURIComponent(tab.tabId)}`, { 'X-Tab-Token': tab.tabToken });

export const drinkTabQuery = (tab: SavedTab) =>
  queryOptions({
    queryKey: ['drinks', 'tab', tab.tabId],
    queryFn: () => fetchDrinkTab(tab),
    staleTime: 0,
    refetchOnWindowFocus: true,
    // While an order on the tab is at the bar, the banner and the confirmation follow it.
    refetchInterval: (query) => pollWhileAtBar(query.state.data?.orders.map((o) => o.barStatus)),
  });

/**
 * The phone's remembered tab, checked against the server: a tab the server does not know (or
 * no longer lets this phone read) is forgotten. `open` is true only for a tab taking orders.
 */
export function useMyTab() {
  const saved = useTabStore((s) => s.tab);
  const forget = useTabStore((s) => s.forget);
  const query = useQuery({ ...drinkTabQuery(saved ?? { tabId: '', tabToken: '', customerName: '' }), enabled: saved !== null });
  const gone = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (gone) forget();
  }, [gone, forget]);
  return {
    saved,
    view: saved ? query.data : undefined,
    open: saved !== null && query.data?.status === 'open',
    isChecking: saved !== null && query.isPending,
  };
}
