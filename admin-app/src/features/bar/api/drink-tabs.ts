import { queryOptions, useQuery } from '@festival/query';
import type { StaffDrinkTab } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const drinkTabsQuery = queryOptions({
  queryKey: ['admin', 'bar', 'tabs'],
  queryFn: () => apiGet<StaffDrinkTab[]>('/api/admin/drink-tabs'),
  refetchInterval: 5_000,
  staleTime: 0,
});

/** Open tabs with their running totals (and those closed in the last hours). */
export function useDrinkTabs() {
  return useQuery(drinkTabsQuery);
}
