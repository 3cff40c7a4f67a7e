import type { QueryClient } from '@festival/query';
import type { MyTickets } from '@festival/contracts';
import { apiPost } from '@festival/web-kit/api-client';
import { MY_TICKETS_KEY } from './my-tickets';

/**
 * Signs in with the e-mailed link's token (`POST /api/my-tickets/session`): the answer is the
 * guest's tickets, kept as the page's data, and the server sets the session cookie. A used or
 * expired link answers 410. A plain call, not a mutation: the page makes it once, from an effect.
 */
export async function openSession(queryClient: QueryClient, token: string): Promise<MyTickets> {
  const tickets = await apiPost<MyTickets>('/api/my-tickets/session', { token });
  queryClient.setQueryData(MY_TICKETS_KEY, tickets);
  return tickets;
}
