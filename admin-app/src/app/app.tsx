import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/components/login-page';
import { BarPage } from '../features/bar/components/bar-page';

/** The admin-app remote, mounted by the shell under /admin/*. */
export default function App() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="bar" element={<BarPage />} />
      <Route path="*" element={<LoginPage />} />
    </Routes>
  );
}
