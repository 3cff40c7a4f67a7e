import './hero-section.css';
import type { SiteConfig } from '@festival/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitch } from '@festival/web-kit/language-switch';
import { preload } from '../../../app/landing-languages';
import { useHydrated } from '@festival/web-kit/hydration';
import { scrollToSection } from '../lib/scroll-to-section';
import { Slot } from './placeholder';
import { CalendarIcon } from '#shared/components/icons.tsx';
import { DiyaRow, Lantern, Rangoli } from './ornaments';

export function HeroSection({ site, failed }: { site: SiteConfig | undefined; failed: boolean }) {
  const hydrated = useHydrated();
  const { t } = useLingui();
  const restaurant = site?.restaurant;
  const pickup = site ? `${site.feastPacks.pickupDates}, ${site.feastPacks.pickupHours}` : undefined;
  const tagline = restaurant?.tagline;
  const since = restaurant ? String(restaurant.since) : undefined;
  const pickupShown = pickup ?? <Slot value={undefined} width="16ch" failed={failed} />;
  return (
    <section className="lp-hero" data-section="hero" aria-labelledby="lp-hero-title">
      <div className="lp-hero-languages">
        <LanguageSwitch
          preload={preload}
          label={t({ message: 'Language', comment: 'Name of the language switch (for screen readers).' })}
        />
      </div>
      <Lantern className="lp-lantern lp-lantern--left" />
      <Lantern className="lp-lantern lp-lantern--right" />
      <Rangoli className="lp-hero-rangoli lp-hero-rangoli--left" />
      <Rangoli className="lp-hero-rangoli lp-hero-rangoli--right" />
      <div className="lp-hero-content lp-rise">
        <p className="lp-tag">
          <Trans>Diwali Special</Trans>
        </p>
        <p className="lp-presented">
          <Trans>
            Presented by <Slot value={restaurant?.name} width="9ch" failed={failed} />
          </Trans>
          {restaurant ? (
            <>
              {' '}
              <span className="lp-dot" aria-hidden="true">
                ·
              </span>{' '}
              <Trans comment="The restaurant's tagline (as the manager wrote it) and the year it opened.">
                {tagline} since {since}
              </Trans>
            </>
          ) : null}
        </p>
        <h1 id="lp-hero-title" className="lp-hero-title">
          <Trans>Diwali Family Feast Packs</Trans>
        </h1>
        <p className="lp-pickup">
          <CalendarIcon />
          <span>
            <Trans comment="When the feast packs are picked up: the dates and hours, as the manager wrote them.">
              Pickup: <strong>{pickupShown}</strong>
            </Trans>
          </span>
        </p>
        <button
          type="button"
          className="fk-btn fk-btn--gold fk-btn--large"
          disabled={!hydrated}
          data-hydrating={hydrated ? undefined : ''}
          onClick={() => scrollToSection('packs')}
        >
          <Trans>View Feast Packs</Trans>
        </button>
      </div>
      <DiyaRow className="lp-hero-diyas" />
    </section>
  );
}
