import type { SiteConfig } from '@festival/contracts';

function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/**
 * The party tickets' subtitle from the site configuration, the date as the venue's calendar
 * has it: `Event: Friday, October 24th, 2025 at Milpitas ICC`.
 */
export function partyEventSubtitle(party: Pick<SiteConfig['party'], 'startsAt' | 'timeZone' | 'dateLabel' | 'venue'>): string {
  return `Event: ${eventDate(party)} at ${party.venue.shortName}`;
}

function eventDate(party: Pick<SiteConfig['party'], 'startsAt' | 'timeZone' | 'dateLabel'>): string {
  const start = new Date(party.startsAt);
  if (Number.isNaN(start.getTime())) return party.dateLabel;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: party.timeZone,
    }).formatToParts(start);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('weekday')}, ${part('month')} ${ordinal(Number(part('day')))}, ${part('year')}`;
  } catch {
    // A time zone this browser does not know: the configured wording instead.
    return party.dateLabel;
  }
}
