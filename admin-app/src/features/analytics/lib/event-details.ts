import type { AnalyticsEvent } from '@festival/contracts';
import { formatDuration } from '#shared/lib/format.ts';

/** City, region and country, and the coordinates to 4 decimals; `Unknown` with neither. */
export function eventLocation(event: AnalyticsEvent): { place: string | null; coordinates: string | null } | 'Unknown' {
  const place = [event.geoCity, event.geoRegion, event.geoCountry].filter(Boolean).join(', ') || null;
  const coordinates =
    event.geoLatitude !== null && event.geoLongitude !== null ? `${event.geoLatitude.toFixed(4)}, ${event.geoLongitude.toFixed(4)}` : null;
  if (!place && !coordinates) return 'Unknown';
  return { place, coordinates };
}

/** Scroll depth, time on page and the sections seen, each line only when recorded. */
export function eventBehaviour(event: AnalyticsEvent): string[] {
  const lines: string[] = [];
  if (event.scrollDepth !== null) lines.push(`Scroll: ${event.scrollDepth}%`);
  if (event.timeOnPage !== null) lines.push(`Time: ${formatDuration(event.timeOnPage)}`);
  const sections = event.pageSections ? Object.keys(event.pageSections) : [];
  if (sections.length > 0) lines.push(`Sections: ${sections.join(', ')}`);
  return lines;
}

/** The utm values and the referrer that were recorded, labelled; none means `Not tracked`. */
export function eventSource(event: AnalyticsEvent): { label: string; value: string }[] {
  const fields: [string, string | null][] = [
    ['Source', event.utmSource],
    ['Medium', event.utmMedium],
    ['Campaign', event.utmCampaign],
    ['Content', event.utmContent],
    ['Term', event.utmTerm],
    ['Referrer', event.referrer],
  ];
  return fields.filter((f): f is [string, string] => Boolean(f[1])).map(([label, value]) => ({ label, value }));
}
