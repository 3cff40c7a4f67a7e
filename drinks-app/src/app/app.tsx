import { Route, Routes } from 'react-router-dom';
import { MenuPage } from '../features/menu/components/menu-page';

/** The drinks-app remote, mounted by the shell under /drinks/*. */
export default function App() {
  return (
    <Routes>
      <Route index element={<MenuPage />} />
      <Route path="*" element={<MenuPage />} />
    </Routes>
  );
}
