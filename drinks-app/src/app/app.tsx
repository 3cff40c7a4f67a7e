import { Route, Routes } from '@festival/router';
import { CheckoutPage } from '../features/checkout/components/checkout-page';
import { ConfirmationPage } from '../features/confirmation/components/confirmation-page';
import { TabConfirmationPage } from '../features/confirmation/components/tab-confirmation-page';
import { MenuPage } from '../features/menu/components/menu-page';

/** The drinks-app remote, mounted by the shell under /drinks/*. */
export default function App() {
  return (
    <Routes>
      <Route index element={<MenuPage />} />
      <Route path="checkout" element={<CheckoutPage />} />
      <Route path="confirmation" element={<ConfirmationPage />} />
      <Route path="tab-confirmation" element={<TabConfirmationPage />} />
    </Routes>
  );
}
