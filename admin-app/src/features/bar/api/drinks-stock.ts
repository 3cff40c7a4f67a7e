import { queryOptions, useQuery } from '@festival/query';
import type { Drink } from '@festival/contracts';
import { apiGet } from '@festival/web-kit/api-client';

export const drinksStockQuery = queryOptions({
  queryKey: ['admin', 'bar', 'stock'],
  queryFn: () => apiGet<Drink[]>('/api/drinks'),
  refetchInterval: 15_000,
  staleTime: 0,
});

/** The menu with what is left of each drink (orders take it down as they come in). */
export function useDrinksStock() {
  return useQuery(drinksStockQuery);
}
