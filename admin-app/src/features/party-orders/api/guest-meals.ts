import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { GuestMeal, GuestMealChange, MealSettings } from '@festival/contracts';
import { apiGet, apiPut } from '@festival/web-kit/api-client';
import { partyOrderDetailsQuery } from './party-order-details';

const mealOptionsQuery = queryOptions({
  queryKey: ['admin', 'settings', 'meals'],
  queryFn: () => apiGet<MealSettings>('/api/admin/settings/meals'),
});

/** The season's meal options and allergens (`GET /api/admin/settings/meals`), for changing a guest's meal. */
export function useMealOptions(enabled: boolean) {
  return useQuery({ ...mealOptionsQuery, enabled });
}

/** `PUT /api/admin/party-orders/:orderId/guests/:seat`: one seat's meal; the order's details are read again (timeline). */
export function useChangeGuestMeal(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ seat, change }: { seat: number; change: GuestMealChange }) =>
      apiPut<GuestMeal[]>(`/api/admin/party-orders/${encodeURIComponent(orderId)}/guests/${seat}`, change),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: partyOrderDetailsQuery(orderId).queryKey });
      void client.invalidateQueries({ queryKey: ['admin', 'kitchen'] });
    },
  });
}
