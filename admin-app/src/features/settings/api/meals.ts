import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { MealSettings } from '@festival/contracts';
import { apiGet, apiPut } from '@festival/web-kit/api-client';

export const mealSettingsQuery = queryOptions({
  queryKey: ['admin', 'settings', 'meals'],
  queryFn: () => apiGet<MealSettings>('/api/admin/settings/meals'),
});

/** `GET /api/admin/settings/meals`: the Meals section (docs/meals.md). */
export function useMealSettings() {
  return useQuery(mealSettingsQuery);
}

/** `PUT /api/admin/settings/meals`: the whole Meals section; it refreshes afterwards. */
export function useSaveMeals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meals: MealSettings) => apiPut<MealSettings>('/api/admin/settings/meals', meals),
    onSettled: () => queryClient.invalidateQueries(mealSettingsQuery),
  });
}
