import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { DeviceRole } from '@festival/contracts';
import { useQueryClient } from '@festival/query';
import { Navigate, Outlet } from '@festival/router';
import { endSessionOnUnauthorized, useAdminSession } from '#shared/api/admin-session.ts';
import { StaffNavigation } from '#shared/components/staff-navigation.tsx';
import { DeviceSessionBar } from './device-session-bar';

// Seen only by a device on a page not for its role, or one the manager signed out: loaded then
// (they carry antd's Result and its illustrations, which the login and the staff pages need not).
const NotAllowedPage = lazy(() => import('./staff-notices').then((m) => ({ default: m.NotAllowedPage })));
const SignedOutPage = lazy(() => import('./staff-notices').then((m) => ({ default: m.SignedOutPage })));

/**
 * The layout route of every staff page: its page renders only with a session; without one, when
 * the check fails, or as soon as any staff call answers 401, the login page takes its place (a
 * revoked device is told it was signed out instead). `roles` are the device roles besides the
 * manager that may open the pages below (none: the manager's alone); any other device sees the
 * not-allowed page. `pending` shows while the session is being checked. Above every page, the
 * staff navigation offers the pages the session's role may open.
 */
export function RequireStaff({ pending, roles = [] }: { pending: ReactNode; roles?: readonly DeviceRole[] }) {
  const session = useAdminSession();
  const queryClient = useQueryClient();
  useEffect(() => endSessionOnUnauthorized(queryClient), [queryClient]);

  if (session.isPending) return pending;
  if (!session.isError && session.data.ended)
    return (
      <Suspense fallback={pending}>
        <SignedOutPage message={session.data.ended} />
      </Suspense>
    );
  if (session.isError || !session.data.authenticated) return <Navigate to="/admin/login" replace />;
  const staff = session.data.staff ?? { role: 'manager', name: 'Manager' };
  if (staff.role === 'manager')
    return (
      <>
        <StaffNavigation role="manager" />
        <Outlet />
      </>
    );
  return (
    <>
      <DeviceSessionBar staff={staff} />
      <StaffNavigation role={staff.role} />
      {roles.includes(staff.role) ? (
        <Outlet />
      ) : (
        <Suspense fallback={pending}>
          <NotAllowedPage staff={staff} />
        </Suspense>
      )}
    </>
  );
}
