import { useMutation, useQueryClient } from '@festival/query';
import type { Drink } from '@festival/contracts';
import { apiPatch } from '@festival/web-kit/api-client';
import { drinksStockQuery } from './drinks-stock';

export const updateDrinkStock = ({ id, available }: { id: string; available: number }): Promise<Drink> =>
  apiPatch<Drink>(`/api/admin/drinks/${encodeURIComponent(id)}`, { available });

/** Sets how many of a drink are left; 0 shows Out of Stock to guests. */
export function useUpdateDrinkStock() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDrinkStock, onSettled: () => queryClient.invalidateQueries(drinksStockQuery) });
}
