import { queryOptions, useQuery, type QueryClient } from '@festival/query';
import { DEVICE_SIGNED_OUT_MESSAGE, type AdminCheckResponse } from '@festival/contracts';
import { ApiError, apiGet } from '@festival/web-kit/api-client';

export const fetchAdminSession = (): Promise<AdminCheckResponse> => apiGet<AdminCheckResponse>('/api/admin/check');

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
  queryClient.setQueryData(adminSessionQuery.queryKey, session);
}

/**
 * The session has ended (logout, expiry, or logged out elsewhere): the session check knows, so
 * the staff pages give way to the login (or, for a revoked device, to the page that says it was
 * signed out: `ended`), and nothing the staff read stays in this browser's cache (dropped once
 * the pages have gone, so nothing refetches).
 */
export function endStaffSession(queryClient: QueryClient, ended?: string): void {
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
