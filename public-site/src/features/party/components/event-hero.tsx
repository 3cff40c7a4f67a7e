import { Trans, useLingui } from '@lingui/react/macro';
import type { SiteConfig } from '@festival/contracts';
import { formatCents } from '@festival/contracts';
import { LanguageSwitch } from '@festival/web-kit/language-switch';
import { preload } from '../../../app/languages';
import { useAgeLabels, useEventLabels } from './party-labels';

export function EventHero({ site }: { site: SiteConfig }) {
  const { t } = useLingui();
  const { party, restaurant } = site;
  const { dateLabel, timeLabel } = useEventLabels(party);
  const ages = useAgeLabels(party);
  const restaurantName = restaurant.name;
  const adultPrice = formatCents(party.adultPriceCents);
  const childPrice = formatCents(party.childPriceCents);
  const adultAges = ages.adultAges.toLowerCase();
  const childAges = ages.childAges.toLowerCase();
  const freeUnder = ages.freeUnder;
  return (
    <header className="party-hero">
      <div className="party-hero__languages">
        <LanguageSwitch
          preload={preload}
          label={t({ message: 'Language', comment: 'Name of the language switch (for screen readers).' })}
        />
      </div>
      <p className="party-hero__presenter">
        <Trans comment="Above the party's name: the restaurant that holds it (restaurantName).">{restaurantName} presents</Trans>
      </p>
      <h1 className="party-hero__title">{party.name}</h1>
      <ul className="party-hero__facts">
        <li>
          <strong>{dateLabel}</strong>
        </li>
        <li>{timeLabel}</li>
        <li>
          {party.venue.name}, {party.venue.address}
        </li>
        <li>{party.experience}</li>
      </ul>
      <p className="party-hero__prices">
        <Trans comment="Review: the ticket prices (US dollars) and the ages each ticket is for; freeUnder says which young children come free (Under 5 free).">
          Adults {adultPrice} ({adultAges}) · Children {childPrice} ({childAges}) · {freeUnder}
        </Trans>
      </p>
    </header>
  );
}
