import '@festival/web-kit/button.css';
import { useLingui } from '@lingui/react/macro';
import type { PolicyKind } from '@festival/contracts';
import { Link } from '@festival/router';
import { LegalLinks } from '@festival/web-kit/legal';
import { useSiteConfig } from '@festival/web-kit/site';
import { PolicyArticle } from './policy-article';

/**
 * `/privacy` and `/terms`, loaded only there: the policy under the restaurant's name, and a
 * footer with how to reach the restaurant (which the policies point to) and both policies' links.
 * Drawn with the landing page's stylesheet, which every public-site page carries.
 */
export function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t } = useLingui();
  const { data: site } = useSiteConfig();
  const restaurant = site?.restaurant;
  return (
    <div className="lp">
      <header className="lp-header">
        <div className="lp-header-inner">
          <Link className="lp-logo" to="/">
            <span className="lp-logo-text">
              <span className="lp-logo-name">
                {restaurant?.name ??
                  t({ message: 'Home', comment: "The header's link back to the home page, before the restaurant's name has loaded." })}
              </span>
              {restaurant ? <span className="lp-logo-tagline">{restaurant.tagline}</span> : null}
            </span>
          </Link>
        </div>
      </header>
      <PolicyArticle kind={kind} restaurantName={restaurant?.name} timeZone={site?.party.timeZone} />
      <footer className="lp-footer">
        <div className="lp-container lp-footer-bottom">
          {restaurant ? (
            <address className="lp-address">
              {restaurant.name}, {restaurant.address.street}, {restaurant.address.city}, {restaurant.address.region}{' '}
              {restaurant.address.postalCode} · <a href={`tel:${restaurant.phone.replace(/[^\d+]/g, '')}`}>{restaurant.phone}</a> ·{' '}
              <a href={`mailto:${restaurant.email}`}>{restaurant.email}</a>
            </address>
          ) : null}
          <LegalLinks className="lp-footer-legal" />
        </div>
      </footer>
    </div>
  );
}
