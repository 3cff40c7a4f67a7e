import { lazy, Suspense } from 'react';
import { pathWithoutLanguage } from '@festival/contracts';
import { useLocation } from '@festival/router';
import { LandingPage } from './landing-page';
// The language switch's look in the site's own stylesheet, which every pre-rendered page links:
// in the chunk of the pages that show the switch, it arrived after their first paint and the
// switch grew under the guest's eyes (a layout shift of the whole page below it).
import '@festival/web-kit/language-switch.css';
import { PageLoading } from '@festival/web-kit/page-loading';

// The party purchase (with its form validation, Lingui and its texts) loads only on /diwali-party
// (and /hi/diwali-party, /ta/diwali-party), keeping / light: / loads no Lingui code or catalogue.
// The feast pack checkout loads only on /feast-packs/checkout.
const FeastCheckoutPage = lazy(() => import('./feast-checkout-route'));
const PartyRoute = lazy(() => import('./party-route'));
// /my-tickets (and /hi/my-tickets, /ta/my-tickets) loads its page, with Lingui and its texts, only there.
const MyTicketsRoute = lazy(() => import('./my-tickets-route'));
// The privacy policy and the ticket terms load only at /privacy and /terms.
const PolicyRoute = lazy(() => import('./policy-route'));

/**
 * The public-site remote: the landing page at `/`, the party tickets at `/diwali-party`, the feast
 * pack checkout at `/feast-packs/checkout`, the guest's tickets at `/my-tickets`, the privacy
 * policy and the ticket terms at `/privacy` and `/terms`. All but the landing page and the feast
 * checkout are also served below `/hi` and `/ta` (the shell sends no other path ending so).
 */
export default function App() {
  const { pathname } = useLocation();
  if (pathWithoutLanguage(pathname).startsWith('/feast-packs')) {
    return (
      <Suspense fallback={<PageLoading />}>
        <FeastCheckoutPage />
      </Suspense>
    );
  }
  if (pathname.endsWith('/privacy') || pathname.endsWith('/terms')) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PolicyRoute kind={pathname.endsWith('/privacy') ? 'privacy' : 'terms'} />
      </Suspense>
    );
  }
  // My tickets and the party page speak every language: `/my-tickets`, `/hi/my-tickets`,
  // `/ta/my-tickets` (the shell sends no other path ending so), and likewise `/diwali-party`.
  if (pathname.endsWith('/my-tickets')) {
    return (
      <Suspense fallback={<PageLoading />}>
        <MyTicketsRoute />
      </Suspense>
    );
  }
  if (!pathname.endsWith('/diwali-party')) return <LandingPage />;
  return (
    <Suspense fallback={<PageLoading />}>
      <PartyRoute />
    </Suspense>
  );
}
