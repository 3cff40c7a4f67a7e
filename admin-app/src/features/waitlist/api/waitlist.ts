import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { AdminWaitlistEntry, WaitlistSummary } from '@festival/contracts';
import { apiDelete, apiGet, apiPost } from '@festival/web-kit/api-client';

export const fetchWaitlist = (): Promise<AdminWaitlistEntry[]> => apiGet<AdminWaitlistEntry[]>('/api/admin/waitlist');

export const waitlistQuery = queryOptions({ queryKey: ['admin', 'waitlist'], queryFn: fetchWaitlist });

/** The season's waitlist in line order (`GET /api/admin/waitlist`). */
export function useWaitlist() {
  return useQuery(waitlistQuery);
}

export const fetchWaitlistSummary = (): Promise<WaitlistSummary> => apiGet<WaitlistSummary>('/api/admin/waitlist/summary');

export const waitlistSummaryQuery = queryOptions({ queryKey: ['dashboard', 'waitlist-summary'], queryFn: fetchWaitlistSummary });

/** How many wait, for the dashboard (`GET /api/admin/waitlist/summary`). */
export function useWaitlistSummary() {
  return useQuery(waitlistSummaryQuery);
}

export const offerNow = (id: string): Promise<AdminWaitlistEntry> =>
  apiPost<AdminWaitlistEntry>(`/api/admin/waitlist/${encodeURIComponent(id)}/offer`, {});

/** `Offer now` (`POST /api/admin/waitlist/{id}/offer`); the list refreshes afterwards. */
export function useOfferNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerNow,
    onSettled: () => Promise.all([queryClient.invalidateQueries(waitlistQuery), queryClient.invalidateQueries(waitlistSummaryQuery)]),
  });
}

export const removeFromWaitlist = (id: string): Promise<void> => apiDelete<void>(`/api/admin/waitlist/${encodeURIComponent(id)}`);

/** `Remove` (`DELETE /api/admin/waitlist/{id}`); the list refreshes afterwards. */
export function useRemoveFromWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWaitlist,
    onSettled: () => Promise.all([queryClient.invalidateQueries(waitlistQuery), queryClient.invalidateQueries(waitlistSummaryQuery)]),
  });
}
