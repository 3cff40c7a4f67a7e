import { Flex, Spin } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from '@festival/router';
import { LoginPage } from '../features/auth/components/login-page';
import { LogoutButton } from '../features/auth/components/logout-button';
import { RequireStaff } from '../features/auth/components/require-staff';
import { DEVICE_PASS_FRAGMENT } from '../features/auth/lib/device-pass-fragment';
import { DashboardSkeleton } from '../features/dashboard/components/dashboard-skeleton';
import { useNoindex } from '#shared/seo/use-noindex.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { provideDeviceData } from '#shared/api/device-data.ts';

// What the door keeps on the phone for working offline, sent and removed when the session ends;
// its code loads only then.
provideDeviceData(() => import('../features/door/lib/door-sign-out').then((m) => m.doorDeviceData));

// Every staff page loads only when opened (the dashboard's charts later still), so the login
// page stays light.
const loadDashboard = () => import('./pages/dashboard-page');
const DashboardPage = lazy(() => loadDashboard().then((m) => ({ default: m.DashboardPage })));
const CampaignsPage = lazy(() => import('../features/campaigns/components/campaigns-page').then((m) => ({ default: m.CampaignsPage })));
const BarPage = lazy(() => import('../features/bar/components/bar-page').then((m) => ({ default: m.BarPage })));
const DevicesPage = lazy(() => import('../features/devices/components/devices-page').then((m) => ({ default: m.DevicesPage })));
const WaitlistPage = lazy(() => import('../features/waitlist/components/waitlist-page').then((m) => ({ default: m.WaitlistPage })));
const GuestsPage = lazy(() => import('../features/guests/components/guests-page').then((m) => ({ default: m.GuestsPage })));
const ActivityPage = lazy(() => import('../features/activity/components/activity-page').then((m) => ({ default: m.ActivityPage })));
const SettingsPage = lazy(() => import('./pages/settings-page').then((m) => ({ default: m.SettingsPage })));
const DoorPage = lazy(() => import('../features/door/components/door-page').then((m) => ({ default: m.DoorPage })));
const ReportsPage = lazy(() => import('./pages/reports-page').then((m) => ({ default: m.ReportsPage })));
const KitchenPage = lazy(() => import('../features/kitchen/components/kitchen-page').then((m) => ({ default: m.KitchenPage })));
const PickupsPage = lazy(() => import('../features/pickups/components/pickups-page').then((m) => ({ default: m.PickupsPage })));
// A device pass is opened once per device: its page (and antd's Result) is not the login's weight.
const DevicePassPage = lazy(() => import('../features/auth/components/device-pass-page').then((m) => ({ default: m.DevicePassPage })));
const DrinksQrPage = lazy(() => import('../features/qr/components/drinks-qr-page').then((m) => ({ default: m.DrinksQrPage })));

function PageLoading({ description = 'Loading…' }: { description?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" description={description} />
    </Flex>
  );
}

/** While the session is checked: on /admin the dashboard's shape (its code downloading meanwhile), elsewhere a spinner. */
function SessionPending() {
  const atDashboard = /\/admin\/?$/.test(useLocation().pathname);
  useEffect(() => {
    if (atDashboard) void loadDashboard();
  }, [atDashboard]);
  return atDashboard ? <DashboardSkeleton /> : <PageLoading description="Checking your session…" />;
}

/** /admin/login: the password, or a device pass being opened (`/admin/login#device-pass=...`). */
function LoginRoute() {
  const { hash } = useLocation();
  if (!hash.startsWith(DEVICE_PASS_FRAGMENT)) return <LoginPage />;
  return (
    <Suspense fallback={<PageLoading description="Signing this device in…" />}>
      <DevicePassPage pass={hash.slice(DEVICE_PASS_FRAGMENT.length)} />
    </Suspense>
  );
}

/** The admin-app remote, mounted by the shell under /admin/*. */
export default function App() {
  useNoindex();
  return (
    <AdminThemeProvider>
      <Routes>
        <Route path="login" element={<LoginRoute />} />
        {/* The manager's pages (no device role). */}
        <Route element={<RequireStaff pending={<SessionPending />} />}>
          <Route
            index
            element={
              <Suspense fallback={<DashboardSkeleton />}>
                <DashboardPage headerActions={<LogoutButton />} />
              </Suspense>
            }
          />
          <Route
            path="campaigns"
            element={
              <Suspense fallback={<PageLoading />}>
                <CampaignsPage />
              </Suspense>
            }
          />
          <Route
            path="drinks-qr"
            element={
              <Suspense fallback={<PageLoading />}>
                <DrinksQrPage />
              </Suspense>
            }
          />
          <Route
            path="devices"
            element={
              <Suspense fallback={<PageLoading />}>
                <DevicesPage />
              </Suspense>
            }
          />
          <Route
            path="settings"
            element={
              <Suspense fallback={<PageLoading />}>
                <SettingsPage />
              </Suspense>
            }
          />
          <Route
            path="reports"
            element={
              <Suspense fallback={<PageLoading />}>
                <ReportsPage />
              </Suspense>
            }
          />
          <Route
            path="waitlist"
            element={
              <Suspense fallback={<PageLoading />}>
                <WaitlistPage />
              </Suspense>
            }
          />
          <Route
            path="guests"
            element={
              <Suspense fallback={<PageLoading />}>
                <GuestsPage />
              </Suspense>
            }
          />
          <Route
            path="activity"
            element={
              <Suspense fallback={<PageLoading />}>
                <ActivityPage />
              </Suspense>
            }
          />
        </Route>
        {/* The bar's pages: the manager and bar devices. */}
        <Route element={<RequireStaff pending={<SessionPending />} roles={['bar']} />}>
          <Route
            path="bar"
            element={
              <Suspense fallback={<PageLoading />}>
                <BarPage />
              </Suspense>
            }
          />
        </Route>
        {/* The door's pages (check-in, the feast pack pickup desk, the kitchen counts): the manager and door devices. */}
        <Route element={<RequireStaff pending={<SessionPending />} roles={['door']} />}>
          <Route
            path="door"
            element={
              <Suspense fallback={<PageLoading />}>
                <DoorPage />
              </Suspense>
            }
          />
          <Route
            path="pickups"
            element={
              <Suspense fallback={<PageLoading />}>
                <PickupsPage />
              </Suspense>
            }
          />
          <Route
            path="kitchen"
            element={
              <Suspense fallback={<PageLoading />}>
                <KitchenPage />
              </Suspense>
            }
          />
        </Route>
      </Routes>
    </AdminThemeProvider>
  );
}
