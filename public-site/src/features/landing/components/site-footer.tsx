import './site-footer.css';
import type { SiteConfig } from '@festival/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { LegalLinks } from '@festival/web-kit/legal-links';
import { cityLine, telHref } from '../lib/contact';
import { RELEASE } from '../lib/release';
import { Slot } from './placeholder';
import { DiyaRow } from './ornaments';

export function SiteFooter({ site, failed }: { site: SiteConfig | undefined; failed: boolean }) {
  const { t } = useLingui();
  const restaurant = site?.restaurant;
  const year = new Date().getFullYear();
  const serving = (city: string, since: string) =>
    t({ message: `Serving ${city} since ${since}.`, comment: "The restaurant's city and the year it opened." });
  return (
    <footer className="lp-footer" data-section="footer">
      <DiyaRow count={3} className="lp-footer-diyas" />
      <div className="lp-container lp-footer-grid">
        <div>
          <h2 className="lp-footer-title">
            <Trans>Visit us</Trans>
          </h2>
          {restaurant ? (
            <address className="lp-address">
              {restaurant.name}
              <br />
              {restaurant.address.street}
              <br />
              {cityLine(restaurant.address)}
            </address>
          ) : (
            <p>
              <Slot value={undefined} width="18ch" failed={failed} />
            </p>
          )}
        </div>
        <div>
          <h2 className="lp-footer-title">
            <Trans>Contact</Trans>
          </h2>
          <ul className="lp-footer-list">
            <li>
              {restaurant ? (
                <a href={telHref(restaurant.phone)}>{restaurant.phone}</a>
              ) : (
                <Slot value={undefined} width="14ch" failed={failed} />
              )}
            </li>
            <li>
              {restaurant ? (
                <a href={`mailto:${restaurant.email}`}>{restaurant.email}</a>
              ) : (
                <Slot value={undefined} width="20ch" failed={failed} />
              )}
            </li>
          </ul>
        </div>
        <div>
          <h2 className="lp-footer-title">
            <Trans>Opening hours</Trans>
          </h2>
          {restaurant ? (
            <dl className="lp-hours">
              {restaurant.openingHours.map((entry) => (
                <div key={entry.days}>
                  <dt>{entry.days}</dt>
                  <dd>{entry.hours}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>
              <Slot value={undefined} width="22ch" failed={failed} />
            </p>
          )}
        </div>
      </div>
      <div className="lp-container lp-footer-bottom">
        <p>
          <Trans>
            © {year} <Slot value={restaurant?.name} width="9ch" failed={failed} />. All rights reserved.
          </Trans>
          {restaurant ? ' ' + serving(restaurant.address.city, String(restaurant.since)) : null}
        </p>
        <LegalLinks className="lp-footer-legal" />
        {RELEASE ? (
          <p className="lp-release">
            <Trans>Release {RELEASE}</Trans>
          </p>
        ) : null}
      </div>
    </footer>
  );
}
