import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { AdminDrinksMenu, MenuDrink, MenuDrinkUpdate, NewMenuDrink } from '@festival/contracts';
import { apiGet, apiPost, apiPut } from '@festival/web-kit/api-client';

export const drinksMenuQuery = queryOptions({
  queryKey: ['admin', 'drinks-menu'],
  queryFn: () => apiGet<AdminDrinksMenu>('/api/admin/drinks-menu'),
});

/** Every drink, hidden ones too, in menu order (`GET /api/admin/drinks-menu`). */
export function useDrinksMenu() {
  return useQuery(drinksMenuQuery);
}

/** After any change the list is read again (another manager may have changed it too). */
function useMenuMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries(drinksMenuQuery),
  });
}

/** `POST /api/admin/drinks-menu`: a new drink, shown on the menu. */
export function useAddDrink() {
  return useMenuMutation((drink: NewMenuDrink) => apiPost<MenuDrink>('/api/admin/drinks-menu', drink));
}

/** `PUT /api/admin/drinks-menu/:id`: the drink as saved; without `available` the bar's stock stays. */
export function useUpdateDrink() {
  return useMenuMutation(({ id, drink }: { id: string; drink: MenuDrinkUpdate }) =>
    apiPut<MenuDrink>(`/api/admin/drinks-menu/${encodeURIComponent(id)}`, drink),
  );
}

/** `PUT /api/admin/drinks-menu/order`: every drink's id in the new order. */
export function useReorderDrinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiPut<AdminDrinksMenu>('/api/admin/drinks-menu/order', { ids }),
    onSuccess: (menu) => queryClient.setQueryData(drinksMenuQuery.queryKey, menu),
    onError: () => queryClient.invalidateQueries(drinksMenuQuery),
  });
}
