import { queryOptions, useQuery } from '@festival/query';
import type { Drink } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const fetchDrinksMenu = (): Promise<Drink[]> => apiGet<Drink[]>('/api/drinks');

/**
 * The menu with its stock. Stock changes during the party, so unlike the site's other data it
 * is refreshed: when older than 15 seconds on mount or focus, and every minute while shown.
 */
export const drinksMenuQuery = queryOptions({
  queryKey: ['drinks', 'menu'],
  queryFn: fetchDrinksMenu,
  staleTime: 15_000,
  refetchOnWindowFocus: true,
  refetchInterval: 60_000,
});

export function useDrinksMenu() {
  return useQuery(drinksMenuQuery);
}
