import { queryOptions, useMutation, useQuery, useQueryClient } from '@festival/query';
import type { GuestData, GuestEraseResponse, GuestSummary } from '@festival/contracts';
import { apiGet, apiPost } from '@festival/web-kit/api-client';

export const fetchGuests = (q: string): Promise<GuestSummary[]> => apiGet<GuestSummary[]>(`/api/admin/guests?q=${encodeURIComponent(q)}`);

export const guestsQuery = (q: string) => queryOptions({ queryKey: ['admin', 'guests', q], queryFn: () => fetchGuests(q) });

/** Guests by e-mail or phone (`GET /api/admin/guests?q=`); nothing is asked below 3 characters. */
export function useGuestSearch(q: string) {
  return useQuery({ ...guestsQuery(q), enabled: q.trim().length >= 3 });
}

export const fetchGuestData = (email: string): Promise<GuestData> =>
  apiGet<GuestData>(`/api/admin/guests/data?email=${encodeURIComponent(email)}`);

export const guestDataQuery = (email: string) =>
  queryOptions({ queryKey: ['admin', 'guest-data', email], queryFn: () => fetchGuestData(email) });

/** Everything held about one guest (`GET /api/admin/guests/data?email=`). */
export function useGuestData(email: string | null) {
  return useQuery({ ...guestDataQuery(email ?? ''), enabled: email !== null });
}

/** `Export`: the same document as a file. */
export const guestExportHref = (email: string): string => `/api/admin/guests/export?email=${encodeURIComponent(email)}`;

export const eraseGuest = (body: { email: string; confirmation: string }): Promise<GuestEraseResponse> =>
  apiPost<GuestEraseResponse>('/api/admin/guests/erase', body);

/** `Erase` (`POST /api/admin/guests/erase`); the search and the guest's page refresh afterwards. */
export function useEraseGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseGuest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
