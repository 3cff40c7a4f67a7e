import './fonts.css';
import '@festival/web-kit/palette.css';
import '@festival/web-kit/button.css';
import './landing.css';
import { usePageTracking } from '@festival/web-kit/analytics';
import { useSiteConfig } from '@festival/web-kit/site';
import { useLandingSeo } from '../hooks/use-landing-seo';
import { HeroSection } from './hero-section';
import { PacksSection } from './packs-section';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The landing page (`/`): header, hero, the packs section and the footer. */
export function LandingPage() {
  const { data: site, isError, refetch, isFetching } = useSiteConfig();
  usePageTracking('page_view');
  useLandingSeo(site);
  const failed = isError && !site;

  return (
    <div className="lp">
      <a className="lp-skip" href="#packs">
        Skip to the feast packs
      </a>
      <SiteHeader site={site} failed={failed} />
      <main className="lp-main">
        {failed ? (
          <div className="lp-alert" role="alert">
            <p>We couldn't load our restaurant and event details just now.</p>
            <button type="button" className="fk-btn fk-btn--maroon fk-btn--small" onClick={() => void refetch()} disabled={isFetching}>
              {isFetching ? 'Trying again…' : 'Try again'}
            </button>
          </div>
        ) : null}
        {!site && !failed ? (
          <p className="lp-visually-hidden" role="status">
            Loading the festival details…
          </p>
        ) : null}
        <HeroSection site={site} failed={failed} />
        <PacksSection site={site} failed={failed} />
      </main>
      <SiteFooter site={site} failed={failed} />
    </div>
  );
}
