// The frame first: its page-wide stylesheet comes before the sections' own.
import { SitePage } from './site-page';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTracking } from '@festival/web-kit/analytics';
import { useSiteConfig } from '@festival/web-kit/site';
import { useLandingSeo } from '../hooks/use-landing-seo';
import { HeroSection } from './hero-section';
import { PacksSection } from './packs-section';

interface LandingLayoutProps {
  /** The header's cart. */
  cart: ReactNode;
  /** The feast packs' cards of the packs section. */
  feastPacks: ReactNode;
}

/**
 * The landing page (`/`): header, hero, the packs section and the footer. The feast's parts (the
 * cart, the packs' cards) come from the app, which composes the page (app/landing-page.tsx).
 */
export function LandingLayout({ cart, feastPacks }: LandingLayoutProps) {
  const { t } = useLingui();
  const { data: site, isError, refetch, isFetching } = useSiteConfig();
  usePageTracking('page_view');
  useLandingSeo(site);
  const failed = isError && !site;

  return (
    <SitePage
      site={site}
      failed={failed}
      cart={cart}
      skipLink={
        <a className="lp-skip" href="#packs">
          <Trans>Skip to the feast packs</Trans>
        </a>
      }
    >
      <main className="lp-main">
        {failed ? (
          <div className="lp-alert" role="alert">
            <p>
              <Trans>We couldn't load our restaurant and event details just now.</Trans>
            </p>
            <button type="button" className="fk-btn fk-btn--maroon fk-btn--small" onClick={() => void refetch()} disabled={isFetching}>
              {isFetching ? t`Trying again…` : t`Try again`}
            </button>
          </div>
        ) : null}
        {!site && !failed ? (
          <p className="visually-hidden" role="status">
            <Trans>Loading the festival details…</Trans>
          </p>
        ) : null}
        <HeroSection site={site} failed={failed} />
        <PacksSection site={site} failed={failed} feastPacks={feastPacks} />
      </main>
    </SitePage>
  );
}
