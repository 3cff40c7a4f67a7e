import { lazy, Suspense } from 'react';
import { PartyPage } from '../features/party/components/party-page';
import { LanguageProvider } from './languages';

// The party page's `Find my tickets` card: its own small chunk (docs/my-tickets-page.md).
const FindMyTickets = lazy(() => import('../features/my-tickets/components/find-my-tickets').then((m) => ({ default: m.FindMyTickets })));

/**
 * `/diwali-party` (and `/hi/diwali-party`, `/ta/diwali-party`), loaded only there: the party page
 * in the language of its path, with `Find my tickets` below its tickets step. The landing page
 * stays outside any LanguageProvider, so `/` loads no Lingui code.
 */
export default function PartyRoute() {
  return (
    <LanguageProvider>
      <PartyPage
        after={
          <Suspense fallback={null}>
            <FindMyTickets />
          </Suspense>
        }
      />
    </LanguageProvider>
  );
}
