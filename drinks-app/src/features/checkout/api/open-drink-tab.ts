import { useMutation } from '@festival/query';
import type { DrinkTabRequest, DrinkTabResponse } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';

export const openDrinkTab = (request: DrinkTabRequest): Promise<DrinkTabResponse> => apiPost<DrinkTabResponse>('/api/drink-tab', request);

/** Open a tab: the server creates it with a card setup (`{clientSecret, tabId, tabToken}`). */
export function useOpenDrinkTab() {
  return useMutation({ mutationFn: openDrinkTab });
}
