import { useMutation, useQueryClient } from '@festival/query';
import type { StaffDrinkTab } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { drinkTabsQuery } from './drink-tabs';

export const closeDrinkTab = (id: string): Promise<StaffDrinkTab> =>
  apiPost<StaffDrinkTab>(`/api/admin/drink-tabs/${encodeURIComponent(id)}/close`);

/** Close & Charge: one off-session charge of the tab's total with tax. */
export function useCloseDrinkTab() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeDrinkTab, onSettled: () => queryClient.invalidateQueries(drinkTabsQuery) });
}
