import { lazy, Suspense, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Route, Routes, useSearchParams } from '@festival/router';
import { useHydrated } from '@festival/web-kit/hydration';
import { MenuPage } from '../features/menu/components/menu-page';
import { LanguageProvider, OrderMessages } from './languages';

// The menu is what a guest scanning the table's QR code opens; the checkout (with the card form
// and its validation) and the confirmation pages load only when the guest goes there.
const CheckoutPage = lazy(() => import('../features/checkout/components/checkout-page').then((m) => ({ default: m.CheckoutPage })));
const ConfirmationPage = lazy(() =>
  import('../features/confirmation/components/confirmation-page').then((m) => ({ default: m.ConfirmationPage })),
);
const TabConfirmationPage = lazy(() =>
  import('../features/confirmation/components/tab-confirmation-page').then((m) => ({ default: m.TabConfirmationPage })),
);

const TicketTabPage = lazy(() => import('../features/ticket-tab/components/ticket-tab-page').then((m) => ({ default: m.TicketTabPage })));

/** A page loaded when the guest goes there, with its code and its texts. */
function Later({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="drinks" aria-busy="true">
          <main className="drinks-main">
            <p role="status" className="drinks-note">
              <Trans>Loading…</Trans>
            </p>
          </main>
        </div>
      }
    >
      <OrderMessages>{children}</OrderMessages>
    </Suspense>
  );
}

/**
 * `/drinks`: the menu, or with `?ticket=<token>` (the confirmation e-mail's `Open my drinks tab`)
 * the tab on the card kept with the tickets. The pre-rendered menu hydrates first.
 */
function DrinksHome() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const ticket = params.get('ticket');
  if (!ticket || !hydrated) return <MenuPage />;
  return (
    <Later>
      <TicketTabPage token={ticket} />
    </Later>
  );
}

/** The drinks-app remote, mounted by the shell under /drinks/* (and /hi/drinks/*, /ta/drinks/*). */
export default function App() {
  return (
    <LanguageProvider>
      <Routes>
        <Route index element={<DrinksHome />} />
        <Route
          path="checkout"
          element={
            <Later>
              <CheckoutPage />
            </Later>
          }
        />
        <Route
          path="confirmation"
          element={
            <Later>
              <ConfirmationPage />
            </Later>
          }
        />
        <Route
          path="tab-confirmation"
          element={
            <Later>
              <TabConfirmationPage />
            </Later>
          }
        />
      </Routes>
    </LanguageProvider>
  );
}
