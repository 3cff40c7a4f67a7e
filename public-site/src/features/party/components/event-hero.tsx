import type { SiteConfig } from '@festival/contracts';
import { formatCents } from '@festival/contracts';

export function EventHero({ site }: { site: SiteConfig }) {
  const { party, restaurant } = site;
  return (
    <header className="party-hero">
      <p className="party-hero__presenter">{restaurant.name} presents</p>
      <h1 className="party-hero__title">{party.name}</h1>
      <ul className="party-hero__facts">
        <li>
          <strong>{party.dateLabel}</strong>
        </li>
        <li>{party.timeLabel}</li>
        <li>
          {party.venue.name}, {party.venue.address}
        </li>
        <li>{party.experience}</li>
      </ul>
      <p className="party-hero__prices">
        Adults {formatCents(party.adultPriceCents)} ({party.adultAges.toLowerCase()}) · Children {formatCents(party.childPriceCents)} (
        {party.childAges.toLowerCase()}) · {party.freeUnder}
      </p>
    </header>
  );
}
