import { useMutation, useQueryClient } from '@festival/query';
import type { StaffDrinkTab } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { drinkTabsQuery } from './drink-tabs';

export const approveDrinkTab = (id: string): Promise<StaffDrinkTab> =>
  apiPost<StaffDrinkTab>(`/api/admin/drink-tabs/${encodeURIComponent(id)}/approve-more`);

/** The guest showed the bar they can pay: the tab may run up another TAB_LIMIT_CENTS. */
export function useApproveDrinkTab() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveDrinkTab, onSettled: () => queryClient.invalidateQueries(drinkTabsQuery) });
}
