import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@festival/query';
import { Navigate, Outlet } from '@festival/router';
import { endSessionOnUnauthorized, useAdminSession } from '../../../shared/api/admin-session';

/**
 * The layout route of every staff page: its page renders only with a session; without one, when
 * the check fails, or as soon as any staff call answers 401, the login page takes its place.
 * `pending` shows while the session is being checked.
 */
export function RequireStaff({ pending }: { pending: ReactNode }) {
  const session = useAdminSession();
  const queryClient = useQueryClient();
  useEffect(() => endSessionOnUnauthorized(queryClient), [queryClient]);

  if (session.isPending) return pending;
  if (session.isError || !session.data.authenticated) return <Navigate to="/admin/login" replace />;
  return <Outlet />;
}
