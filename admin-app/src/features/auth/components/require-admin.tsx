import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate } from '@festival/router';
import { useAdminCheck } from '../api/get-admin-check';

/**
 * Renders staff pages only with a session; otherwise (or when the check fails) goes to the login.
 * `fallback` shows while the session is being checked (a spinner unless given).
 */
export function RequireAdmin({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const check = useAdminCheck();
  if (check.isPending) {
    if (fallback !== undefined) return fallback;
    return (
      <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
        <Spin size="large" description="Checking your session…" />
      </Flex>
    );
  }
  if (check.isError || !check.data.authenticated) return <Navigate to="/admin/login" replace />;
  return children;
}
