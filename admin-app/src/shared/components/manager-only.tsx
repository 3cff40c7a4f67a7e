import type { ReactNode } from 'react';
import { useAdminSession } from '../api/admin-session';

/** Shows its children to the manager only (a door or bar device would only meet the not-allowed page behind them). */
export function ManagerOnly({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  return (session.data?.staff?.role ?? 'manager') === 'manager' ? children : null;
}
