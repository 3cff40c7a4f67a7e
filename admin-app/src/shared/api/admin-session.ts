import { queryOptions, useQuery, type QueryClient } from '@festival/query';
import { DEVICE_SIGNED_OUT_MESSAGE, type AdminCheckResponse } from '@festival/contracts';
import { ApiError, apiGet, isUnreachable } from '@festival/web-kit/api-client';
import { clearDeviceData, forgetSignOutNotice } from './device-data';

/** The last session the server confirmed in this browser, for a staff page opened while offline. */
const REMEMBERED_SESSION = 'festival-staff-session';

function remember(session: AdminCheckResponse | null): void {
  try {
    if (session?.authenticated) localStorage.setItem(REMEMBERED_SESSION, JSON.stringify(session));
    else localStorage.removeItem(REMEMBERED_SESSION);
  } catch {
    // storage unavailable: nothing remembered
  }
}

function recall(): AdminCheckResponse | null {
  try {
    const text = localStorage.getItem(REMEMBERED_SESSION);
    return text ? (JSON.parse(text) as AdminCheckResponse) : null;
  } catch {
    return null;
  }
}

/**
 * `GET /api/admin/check`. When the API cannot be reached (the venue's Wi-Fi is down and the door
 * page was reloaded from its service worker), the session the server last confirmed here stands
 * in: the page can work offline, and every call it makes still needs the session's cookie.
 */
export async function fetchAdminSession(): Promise<AdminCheckResponse> {
  try {
    const session = await apiGet<AdminCheckResponse>('/api/admin/check');
    remember(session);
    return session;
  } catch (error) {
    const remembered = isUnreachable(error) ? recall() : null;
    if (remembered) return remembered;
    throw error;
  }
}

/** `GET /api/admin/check`: whether this browser holds a staff session. Asked once, never retried. */
export const adminSessionQuery = queryOptions({ queryKey: ['admin', 'session'], queryFn: fetchAdminSession, retry: false });

const [SESSION_SCOPE, SESSION_NAME] = adminSessionQuery.queryKey;

/** The staff session of this browser. */
export function useAdminSession() {
  return useQuery(adminSessionQuery);
}

/** A call the server refused for want of a staff session (or, for the login, of the password). */
export const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/** After a login or an opened device pass: the session check knows who this is without asking again. */
export function startStaffSession(queryClient: QueryClient, session: AdminCheckResponse): void {
  remember(session);
  forgetSignOutNotice();
  queryClient.setQueryData(adminSessionQuery.queryKey, session);
}

/**
 * The session has ended (logout, expiry, or logged out elsewhere): the session check knows, so
 * the staff pages give way to the login (or, for a revoked device, to the page that says it was
 * signed out: `ended`), and nothing the staff read stays in this browser's cache (dropped once
 * the pages have gone, so nothing refetches). What a page kept on the device for working offline
 * (the door's guest list and queue) is removed too (docs/RELIABILITY.md, "Door sign-out").
 */
export function endStaffSession(queryClient: QueryClient, ended?: string): void {
  remember(null);
  void clearDeviceData();
  queryClient.setQueryData(adminSessionQuery.queryKey, ended ? { authenticated: false, ended } : { authenticated: false });
  setTimeout(() =>
    queryClient.removeQueries({ predicate: ({ queryKey: [scope, name] }) => scope !== SESSION_SCOPE || name !== SESSION_NAME }),
  );
}

/** Why a 401 ended the session, when the server said (a revoked device). */
const endedBy = (error: unknown): string | undefined =>
  error instanceof ApiError && error.serverMessage === DEVICE_SIGNED_OUT_MESSAGE ? DEVICE_SIGNED_OUT_MESSAGE : undefined;

/**
 * The one 401 handler of the staff pages: any query or mutation of `queryClient` answered 401
 * ends the session. Returns the function that stops listening.
 */
export function endSessionOnUnauthorized(queryClient: QueryClient): () => void {
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) {
      endStaffSession(queryClient, endedBy(event.action.error));
    }
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) {
      endStaffSession(queryClient, endedBy(event.action.error));
    }
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}
