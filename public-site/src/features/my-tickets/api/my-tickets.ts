import { queryOptions, useQuery } from '@festival/query';
import type { MyTickets } from '@festival/contracts';
import { ApiError, apiGet } from '@festival/web-kit/api-client';

export const MY_TICKETS_KEY = ['my-tickets'] as const;

/** The signed-in guest's tickets (`GET /api/my-tickets`); null without a session (401). */
export const myTicketsQuery = queryOptions({
  queryKey: MY_TICKETS_KEY,
  queryFn: async (): Promise<MyTickets | null> => {
    try {
      return await apiGet<MyTickets>('/api/my-tickets');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  retry: false,
});

/** Asked only once no sign-in link is being opened (`enabled`). */
export function useMyTickets(enabled: boolean) {
  return useQuery({ ...myTicketsQuery, enabled });
}
