import './site-footer.css';
import type { SiteConfig } from '@festival/contracts';
import { cityLine, telHref } from '../lib/contact';
import { RELEASE } from '../lib/release';
import { Slot } from './placeholder';
import { DiyaRow } from './ornaments';

export function SiteFooter({ site, failed }: { site: SiteConfig | undefined; failed: boolean }) {
  const restaurant = site?.restaurant;
  return (
    <footer className="lp-footer" data-section="footer">
      <DiyaRow count={3} className="lp-footer-diyas" />
      <div className="lp-container lp-footer-grid">
        <div>
          <h2 className="lp-footer-title">Visit us</h2>
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
          <h2 className="lp-footer-title">Contact</h2>
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
          <h2 className="lp-footer-title">Opening hours</h2>
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
          © {new Date().getFullYear()} <Slot value={restaurant?.name} width="9ch" failed={failed} />. All rights reserved.
          {restaurant ? ` Serving ${restaurant.address.city} since ${restaurant.since}.` : null}
        </p>
        {/* The policies (docs/privacy.md): written out here, as the landing page has no room for another chunk. */}
        <nav aria-label="Policies" className="legal-links lp-footer-legal">
          <a href="/privacy">Privacy policy</a> · <a href="/terms">Ticket terms</a>
        </nav>
        {RELEASE ? <p className="lp-release">Release {RELEASE}</p> : null}
      </div>
    </footer>
  );
}
