import './packs-section.css';
import type { ReactNode } from 'react';
import { formatCents, type SiteConfig } from '@festival/contracts';
import { trackEvent } from '@festival/web-kit/analytics';
import { Link } from '@festival/router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '@festival/web-kit/i18n';
import { CalendarIcon, ClockIcon, MusicIcon, PhoneIcon, PinIcon } from '#shared/components/icons.tsx';
import { telHref } from '../lib/contact';
import { Slot } from './placeholder';

function PartyPromo({ party, failed }: { party: SiteConfig['party'] | undefined; failed: boolean }) {
  const { t } = useLingui();
  const localized = useLocalizedPath();
  return (
    <article className="lp-card lp-card--party lp-rise" aria-labelledby="lp-party-title">
      <p className="lp-eyebrow">
        <Trans>Diwali DJ Party</Trans>
      </p>
      <h3 id="lp-party-title" className="lp-card-title">
        <Slot value={party?.name} width="12ch" failed={failed} />
      </h3>
      <ul className="lp-facts">
        <li>
          <CalendarIcon />
          <span>
            <Slot value={party?.dateLabel} width="18ch" failed={failed} />
          </span>
        </li>
        <li>
          <ClockIcon />
          <span>
            <Slot value={party?.timeLabel} width="14ch" failed={failed} />
          </span>
        </li>
        <li>
          <PinIcon />
          <span>
            <Slot value={party ? `${party.venue.name}, ${party.venue.address}` : undefined} width="24ch" failed={failed} />
          </span>
        </li>
        <li>
          <MusicIcon />
          <span>
            <Slot value={party?.experience} width="22ch" failed={failed} />
          </span>
        </li>
      </ul>
      <ul className="lp-prices" aria-label={t`Ticket prices`}>
        <li>
          <span className="lp-price">
            <Slot value={party ? formatCents(party.adultPriceCents) : undefined} width="5ch" failed={failed} />
          </span>
          <span className="lp-price-label">
            <strong>
              <Trans>Adults</Trans>
            </strong>
            <span>
              <Slot value={party?.adultAges} width="10ch" failed={failed} />
            </span>
          </span>
        </li>
        <li>
          <span className="lp-price">
            <Slot value={party ? formatCents(party.childPriceCents) : undefined} width="5ch" failed={failed} />
          </span>
          <span className="lp-price-label">
            <strong>
              <Trans>Children</Trans>
            </strong>
            <span>
              <Slot value={party?.childAges} width="10ch" failed={failed} />
            </span>
          </span>
        </li>
        <li>
          <span className="lp-price">
            <Trans>Free</Trans>
          </span>
          <span className="lp-price-label">
            <Slot value={party?.freeUnder} width="10ch" failed={failed} />
          </span>
        </li>
      </ul>
      <Link to={localized('/diwali-party')} className="fk-btn fk-btn--gold fk-btn--large fk-btn--block">
        <Trans>Reserve Your Tickets Now</Trans>
      </Link>
    </article>
  );
}

function CateringCard({ phone, failed }: { phone: string | undefined; failed: boolean }) {
  return (
    <article className="lp-card lp-card--catering lp-rise" aria-labelledby="lp-catering-title">
      <h3 id="lp-catering-title" className="lp-card-title">
        <Trans>Looking for Catering?</Trans>
      </h3>
      <p>
        <Trans>From office lunches to family celebrations, we bring a South Indian feast to your table. Call us to plan your menu.</Trans>
      </p>
      {phone ? (
        <a
          className="fk-btn fk-btn--maroon"
          href={telHref(phone)}
          // The event goes out first; the browser then follows the tel: link as usual.
          onClick={() => void trackEvent('catering_clicked', { metadata: { phone_number: phone, source: 'catering_card' } })}
        >
          <PhoneIcon />
          <span>
            <Trans>Call {phone}</Trans>
          </span>
        </a>
      ) : (
        <span className="fk-btn fk-btn--maroon" aria-hidden="true">
          <PhoneIcon />
          <Slot value={undefined} width="14ch" failed={failed} />
        </span>
      )}
    </article>
  );
}

/**
 * The packs section: the feast packs' cards (given by the app: the packs on sale, or the closed
 * pre-order card), the DJ party promo, and catering by phone.
 */
export function PacksSection({ site, failed, feastPacks }: { site: SiteConfig | undefined; failed: boolean; feastPacks: ReactNode }) {
  return (
    <section id="packs" className="lp-packs" data-section="packs" aria-labelledby="lp-packs-title" tabIndex={-1}>
      <div className="lp-container">
        <h2 id="lp-packs-title" className="lp-section-title">
          <Trans>Feast Packs &amp; Celebrations</Trans>
        </h2>
        <div className="lp-cards">
          {feastPacks}
          <PartyPromo party={site?.party} failed={failed} />
          <CateringCard phone={site?.restaurant.phone} failed={failed} />
        </div>
      </div>
    </section>
  );
}
