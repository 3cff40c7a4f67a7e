import { queryOptions, useQuery } from '@festival/query';
import type {
  CheckInConflictsResponse,
  CheckInResponse,
  CheckInStats,
  DoorSearchResponse,
  DoorSnapshot,
  OfflineCheckInsResponse,
} from '@festival/contracts';
import { apiGet, apiRequest } from '@festival/web-kit/api-client';
import type { DoorApi } from '../lib/door-engine';

/** The door's calls to the API (the engine gives each a time limit). */
export const doorApi: DoorApi = {
  checkIn: (body, signal) => apiRequest<CheckInResponse>('POST', '/api/admin/check-ins', body, {}, signal),
  snapshot: (signal) => apiRequest<DoorSnapshot>('GET', '/api/admin/door-snapshot', undefined, {}, signal),
  uploadOffline: (admissions, signal) =>
    apiRequest<OfflineCheckInsResponse>('POST', '/api/admin/check-ins/offline', { admissions }, {}, signal),
};

/** `Arrived N of M` is shared by every door: asked again every 2 seconds. */
export const ARRIVALS_POLL_MS = 2_000;

export function useArrivals(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'door', 'stats'],
      queryFn: () => apiGet<CheckInStats>('/api/admin/check-ins/stats'),
      refetchInterval: ARRIVALS_POLL_MS,
      staleTime: 0,
      retry: false,
      enabled,
    }),
  );
}

export function useCheckInConflicts(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'door', 'conflicts'],
      queryFn: () => apiGet<CheckInConflictsResponse>('/api/admin/check-ins/conflicts'),
      refetchInterval: 10_000,
      staleTime: 0,
      retry: false,
      enabled,
    }),
  );
}

/** `Search guests` on the server; `signal` drops a search the next keystroke replaced. */
export const searchGuests = (q: string, signal?: AbortSignal): Promise<DoorSearchResponse> =>
  apiRequest<DoorSearchResponse>('GET', `/api/admin/check-ins/search?q=${encodeURIComponent(q)}`, undefined, {}, signal);
