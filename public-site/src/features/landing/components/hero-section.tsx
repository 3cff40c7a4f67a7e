import './hero-section.css';
import type { SiteConfig } from '@festival/contracts';
import { useHydrated } from '@festival/web-kit/hydration';
import { scrollToSection } from '../lib/scroll-to-section';
import { Slot } from './placeholder';
import { CalendarIcon } from '#shared/components/icons.tsx';
import { DiyaRow, Lantern, Rangoli } from './ornaments';

export function HeroSection({ site, failed }: { site: SiteConfig | undefined; failed: boolean }) {
  const hydrated = useHydrated();
  const restaurant = site?.restaurant;
  const pickup = site ? `${site.feastPacks.pickupDates}, ${site.feastPacks.pickupHours}` : undefined;
  return (
    <section className="lp-hero" data-section="hero" aria-labelledby="lp-hero-title">
      <Lantern className="lp-lantern lp-lantern--left" />
      <Lantern className="lp-lantern lp-lantern--right" />
      <Rangoli className="lp-hero-rangoli lp-hero-rangoli--left" />
      <Rangoli className="lp-hero-rangoli lp-hero-rangoli--right" />
      <div className="lp-hero-content lp-rise">
        <p className="lp-tag">Diwali Special</p>
        <p className="lp-presented">
          Presented by <Slot value={restaurant?.name} width="9ch" failed={failed} />
          {restaurant ? (
            <>
              {' '}
              <span className="lp-dot" aria-hidden="true">
                ·
              </span>{' '}
              {restaurant.tagline} since {restaurant.since}
            </>
          ) : null}
        </p>
        <h1 id="lp-hero-title" className="lp-hero-title">
          Diwali Family Feast Packs
        </h1>
        <p className="lp-pickup">
          <CalendarIcon />
          <span>
            Pickup: <strong>{pickup ?? <Slot value={undefined} width="16ch" failed={failed} />}</strong>
          </span>
        </p>
        <button
          type="button"
          className="fk-btn fk-btn--gold fk-btn--large"
          disabled={!hydrated}
          data-hydrating={hydrated ? undefined : ''}
          onClick={() => scrollToSection('packs')}
        >
          View Feast Packs
        </button>
      </div>
      <DiyaRow className="lp-hero-diyas" />
    </section>
  );
}
