import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/components/login-page';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { CampaignsPage } from '../features/campaigns/components/campaigns-page';
import { AdminThemeProvider } from '../shared/theme/admin-theme-provider';
import { BarPage } from '../features/bar/components/bar-page';

/** The admin-app remote, mounted by the shell under /admin/*. */
export default function App() {
  return (
    <AdminThemeProvider>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route
          path="campaigns"
          element={
            <RequireAdmin>
              <CampaignsPage />
            </RequireAdmin>
          }
        />
        <Route path="bar" element={<BarPage />} />
        <Route path="*" element={<LoginPage />} />
      </Routes>
    </AdminThemeProvider>
  );
}
