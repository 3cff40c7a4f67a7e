import { lazy, Suspense } from 'react';
import { useLocation } from '@festival/router';
import { LandingPage } from './landing-page';

// The party purchase (with its form validation, Lingui and its texts) loads only on /diwali-party
// (and /hi/diwali-party, /ta/diwali-party), keeping / light: / loads no Lingui code or catalogue.
// The feast pack checkout loads only on /feast-packs/checkout.
const FeastCheckoutPage = lazy(() => import('./feast-checkout-route'));
const PartyRoute = lazy(() => import('./party-route'));
// /my-tickets loads its page only there.
const MyTicketsPage = lazy(() => import('../features/my-tickets/components/my-tickets-page').then((m) => ({ default: m.MyTicketsPage })));
// The privacy policy and the ticket terms load only at /privacy and /terms.
const PolicyPage = lazy(() => import('../features/policies/components/policy-page').then((m) => ({ default: m.PolicyPage })));

function PageLoading() {
  return (
    <main className="party-page" aria-busy="true">
      <p role="status" style={{ padding: '4rem 1rem', textAlign: 'center', color: 'var(--maroon)', fontWeight: 600 }}>
        Loading…
      </p>
    </main>
  );
}

/**
 * The public-site remote: the landing page at `/`, the party tickets at `/diwali-party`, the feast
 * pack checkout at `/feast-packs/checkout`, the guest's tickets at `/my-tickets`, the privacy
 * policy and the ticket terms at `/privacy` and `/terms`.
 */
export default function App() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/feast-packs')) {
    return (
      <Suspense fallback={<PageLoading />}>
        <FeastCheckoutPage />
      </Suspense>
    );
  }
  if (pathname === '/privacy' || pathname === '/terms') {
    return (
      <Suspense fallback={<PageLoading />}>
        <PolicyPage kind={pathname === '/privacy' ? 'privacy' : 'terms'} />
      </Suspense>
    );
  }
  if (pathname === '/my-tickets') {
    return (
      <Suspense fallback={<PageLoading />}>
        <MyTicketsPage />
      </Suspense>
    );
  }
  // The party page is the one translated here: `/diwali-party`, `/hi/diwali-party`, `/ta/diwali-party`
  // (the shell sends no other path ending so); the other pages are English only.
  if (!pathname.endsWith('/diwali-party')) return <LandingPage />;
  return (
    <Suspense fallback={<PageLoading />}>
      <PartyRoute />
    </Suspense>
  );
}
