import { Flex, Spin } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from '@festival/router';
import { LoginPage } from '../features/auth/components/login-page';
import { LogoutButton } from '../features/auth/components/logout-button';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { DashboardSkeleton } from '../features/dashboard/components/dashboard-skeleton';
import { AdminThemeProvider } from '../shared/theme/admin-theme-provider';

// Every staff page loads only when opened (the dashboard's charts later still), so the login
// page stays light.
const loadDashboard = () => import('../features/dashboard/components/dashboard-page');
const DashboardPage = lazy(() => loadDashboard().then((m) => ({ default: m.DashboardPage })));
const CampaignsPage = lazy(() => import('../features/campaigns/components/campaigns-page').then((m) => ({ default: m.CampaignsPage })));
const BarPage = lazy(() => import('../features/bar/components/bar-page').then((m) => ({ default: m.BarPage })));
const DrinksQrPage = lazy(() => import('../features/qr/components/drinks-qr-page').then((m) => ({ default: m.DrinksQrPage })));

function PageLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" description="Loading…" />
    </Flex>
  );
}

/** /admin: the dashboard's code downloads while the session is being checked. */
function DashboardRoute() {
  useEffect(() => {
    void loadDashboard();
  }, []);
  return (
    <RequireAdmin fallback={<DashboardSkeleton />}>
      <Suspense fallback={<DashboardSkeleton />}>
        <DashboardPage headerActions={<LogoutButton />} />
      </Suspense>
    </RequireAdmin>
  );
}

/** The admin-app remote, mounted by the shell under /admin/*. */
export default function App() {
  return (
    <AdminThemeProvider>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route index element={<DashboardRoute />} />
        <Route
          path="campaigns"
          element={
            <RequireAdmin>
              <Suspense fallback={<PageLoading />}>
                <CampaignsPage />
              </Suspense>
            </RequireAdmin>
          }
        />
        <Route
          path="drinks-qr"
          element={
            <RequireAdmin>
              <Suspense fallback={<PageLoading />}>
                <DrinksQrPage />
              </Suspense>
            </RequireAdmin>
          }
        />
        <Route
          path="bar"
          element={
            <Suspense fallback={<PageLoading />}>
              <BarPage />
            </Suspense>
          }
        />
      </Routes>
    </AdminThemeProvider>
  );
}
