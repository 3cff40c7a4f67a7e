import './site-header.css';
import type { ReactNode } from 'react';
import { Link } from '@festival/router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SiteConfig } from '@festival/contracts';
import { useHydrated } from '@festival/web-kit/hydration';
import { useLocalizedPath } from '@festival/web-kit/i18n';
import { scrollToSection } from '../lib/scroll-to-section';
import { Slot } from './placeholder';
import { LogoMark } from './ornaments';

/** The page header: the restaurant's mark and name, Order Now, and the cart (the feast's cart button, given by the app). */
export function SiteHeader({ site, failed, cart }: { site: SiteConfig | undefined; failed: boolean; cart: ReactNode }) {
  const hydrated = useHydrated();
  const { t } = useLingui();
  const localizedPath = useLocalizedPath();
  return (
    <header className="lp-header">
      <div className="lp-header-inner">
        {/* Named by its text once loaded; until then the placeholders say nothing, so a label does. */}
        <Link className="lp-logo" to={localizedPath('/')} aria-label={site ? undefined : t`Home`}>
          <LogoMark className="lp-logo-mark" />
          <span className="lp-logo-text">
            <span className="lp-logo-name">
              <Slot value={site?.restaurant.name} width="9ch" failed={failed} />
            </span>
            <span className="lp-logo-tagline">
              <Slot value={site?.restaurant.tagline} width="12ch" failed={failed} />
            </span>
          </span>
        </Link>
        <div className="lp-header-actions">
          <button
            type="button"
            className="fk-btn fk-btn--gold fk-btn--small"
            disabled={!hydrated}
            data-hydrating={hydrated ? undefined : ''}
            onClick={() => scrollToSection('packs')}
          >
            <span>
              <Trans>
                Order<span className="lp-wide-only"> Now</span>
              </Trans>
            </span>
          </button>
          {cart}
        </div>
      </div>
    </header>
  );
}
