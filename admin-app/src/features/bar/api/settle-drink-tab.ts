import { useMutation, useQueryClient } from '@festival/query';
import type { StaffDrinkTab } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { drinkTabsQuery } from './drink-tabs';

export const settleDrinkTab = (id: string): Promise<StaffDrinkTab> =>
  apiPost<StaffDrinkTab>(`/api/admin/drink-tabs/${encodeURIComponent(id)}/settle`);

/** The guest paid at the bar another way: the tab closes without a card charge. */
export function useSettleDrinkTab() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: settleDrinkTab, onSettled: () => queryClient.invalidateQueries(drinkTabsQuery) });
}
