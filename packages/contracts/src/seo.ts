import { languageOfPath, pathInLanguage } from './languages.js';
import { formatCents } from './money.js';
import type { SiteConfig } from './site.js';

/** One `<meta>` tag: `<meta name|property="key" content="...">`. */
export interface MetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

/** Everything a page puts in the document head for search engines and link previews. */
export interface PageSeo {
  title: string;
  description: string;
  canonicalUrl: string;
  meta: MetaTag[];
  /** schema.org objects, each one `<script type="application/ld+json">`. */
  jsonLd: Record<string, unknown>[];
}

/**
 * The link-preview image of the public pages: `shell/public/og-image.png`, served at the site's
 * root. 1200 × 630 is the size Facebook, WhatsApp, LinkedIn and X crop least.
 */
export const PREVIEW_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Diwali Festival: a lit diya on maroon, with feast packs, the party and drinks named below',
} as const;

/** The Open Graph and Twitter card tags of the preview image, with its absolute URL. */
function previewImageTags(base: string): MetaTag[] {
  const image = `${base}${PREVIEW_IMAGE.path}`;
  return [
    { attribute: 'property', key: 'og:image', content: image },
    { attribute: 'property', key: 'og:image:type', content: 'image/png' },
    { attribute: 'property', key: 'og:image:width', content: String(PREVIEW_IMAGE.width) },
    { attribute: 'property', key: 'og:image:height', content: String(PREVIEW_IMAGE.height) },
    { attribute: 'property', key: 'og:image:alt', content: PREVIEW_IMAGE.alt },
    { attribute: 'name', key: 'twitter:card', content: 'summary_large_image' },
    { attribute: 'name', key: 'twitter:image', content: image },
    { attribute: 'name', key: 'twitter:image:alt', content: PREVIEW_IMAGE.alt },
  ];
}

/**
 * A page's head in another language than English (`/hi/diwali-party`): its own address, its
 * locale, and its title and description in that language (the API words them from its
 * catalogue: api/src/web/translated-seo.ts).
 */
export interface TranslatedPageWords {
  /** The page's path in its language (`/hi/diwali-party`). */
  path: string;
  /** `hi-IN`, `ta-IN` (LANGUAGE_LOCALES). */
  locale: string;
  title: string;
  description: string;
}

/** A page's description, Open Graph and Twitter card tags, preview image included. */
function pageMeta(site: SiteConfig, base: string, url: string, title: string, description: string, locale = 'en-US'): MetaTag[] {
  return [
    { attribute: 'name', key: 'description', content: description },
    { attribute: 'property', key: 'og:type', content: 'website' },
    { attribute: 'property', key: 'og:site_name', content: site.restaurant.name },
    { attribute: 'property', key: 'og:title', content: title },
    { attribute: 'property', key: 'og:description', content: description },
    { attribute: 'property', key: 'og:url', content: url },
    { attribute: 'property', key: 'og:locale', content: locale.replace('-', '_') },
    ...previewImageTags(base),
    { attribute: 'name', key: 'twitter:title', content: title },
    { attribute: 'name', key: 'twitter:description', content: description },
  ];
}

const DAY_CODES: Record<string, string> = {
  monday: 'Mo',
  tuesday: 'Tu',
  wednesday: 'We',
  thursday: 'Th',
  friday: 'Fr',
  saturday: 'Sa',
  sunday: 'Su',
};

function dayCode(day: string): string | undefined {
  return DAY_CODES[day.trim().toLowerCase()];
}

function time24(hour: string, minute: string | undefined, meridiem: string): string {
  let h = Number(hour) % 12;
  if (meridiem.toUpperCase() === 'PM') h += 12;
  return `${String(h).padStart(2, '0')}:${minute ?? '00'}`;
}

/**
 * `{ days: 'Monday-Friday', hours: '11 AM - 10 PM' }` as schema.org's `Mo-Fr 11:00-22:00`;
 * undefined when the configured wording is not one this understands.
 */
export function schemaOrgOpeningHours(entry: { days: string; hours: string }): string | undefined {
  const dayParts = entry.days.split(/\s*[-–]\s*|\s+to\s+/i);
  const codes = dayParts.map(dayCode);
  if (codes.length < 1 || codes.length > 2 || codes.some((c) => !c)) return undefined;
  const hours = /^(\d{1,2})(?::(\d{2}))?\s*(AM|PM)\s*(?:-|–|to)\s*(\d{1,2})(?::(\d{2}))?\s*(AM|PM)$/i.exec(entry.hours.trim());
  if (!hours) return undefined;
  const [, h1, m1, ap1, h2, m2, ap2] = hours;
  return `${codes.join('-')} ${time24(h1, m1, ap1)}-${time24(h2, m2, ap2)}`;
}

const dollars = (cents: number) => formatCents(cents).replace(/[$,]/g, '');

/**
 * The landing page's title, description, Open Graph and Twitter card tags, and schema.org
 * `Restaurant` and `Event` data, all from the site configuration. `origin` is the site's
 * public address (`https://festival.example`), without a trailing slash. In another language
 * (`/hi/`) with the `words` the server gives it; the schema.org data stays the manager's words.
 */
export function landingPageSeo(site: SiteConfig, origin: string, words?: TranslatedPageWords): PageSeo {
  const { restaurant, party } = site;
  const base = origin.replace(/\/$/, '');
  const url = `${base}${words?.path ?? '/'}`;
  const title = words?.title ?? `Diwali Family Feast Packs & ${party.name} | ${restaurant.name}`;
  const description =
    words?.description ??
    `Celebrate Diwali with ${restaurant.name}, ${restaurant.tagline.toLowerCase()} since ${restaurant.since}: ` +
      `${party.name} on ${party.dateLabel}, ${party.timeLabel}, at ${party.venue.name}. ` +
      `${party.experience}. Catering orders: ${restaurant.phone}.`;

  const meta = pageMeta(site, base, url, title, description, words?.locale);

  const { address } = restaurant;
  const restaurantLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${base}/#restaurant`,
    name: restaurant.name,
    description: restaurant.tagline,
    servesCuisine: 'South Indian',
    foundingDate: String(restaurant.since),
    url: `${base}/`,
    telephone: restaurant.phone,
    email: restaurant.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    openingHours: restaurant.openingHours.map(schemaOrgOpeningHours).filter((h): h is string => Boolean(h)),
  };

  const eventLd = partyEventJsonLd(site, base, words && { ...words, path: pathInLanguage('/diwali-party', languageOfPath(words.path)) });

  return { title, description, canonicalUrl: url, meta, jsonLd: [restaurantLd, eventLd] };
}

/**
 * schema.org `Event` of the party, with an offer per ticket type linking to the party page (in
 * its language, when `words` give one).
 */
function partyEventJsonLd(site: SiteConfig, base: string, words?: TranslatedPageWords): Record<string, unknown> {
  const { restaurant, party } = site;
  const url = `${base}/`;
  const partyUrl = `${base}${words?.path ?? '/diwali-party'}`;
  const offer = (name: string, cents: number) => ({
    '@type': 'Offer',
    name,
    price: dollars(cents),
    priceCurrency: 'USD',
    url: partyUrl,
    availability: 'https://schema.org/InStock',
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: party.name,
    description: party.experience,
    startDate: party.startsAt,
    endDate: party.endsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url: partyUrl,
    location: { '@type': 'Place', name: party.venue.name, address: party.venue.address },
    organizer: { '@type': 'Restaurant', '@id': `${url}#restaurant`, name: restaurant.name, url },
    ...(words ? { inLanguage: words.locale } : {}),
    offers: [
      offer(`Adult ticket (${party.adultAges})`, party.adultPriceCents),
      offer(`Child ticket (${party.childAges})`, party.childPriceCents),
    ],
  };
}

/**
 * The party page's (`/diwali-party`) title, description, Open Graph and Twitter card tags with
 * the preview image, and the party's schema.org `Event`, from the site configuration; in
 * another language (`/hi/diwali-party`) with the `words` the server gives it.
 */
export function partyPageSeo(site: SiteConfig, origin: string, words?: TranslatedPageWords): PageSeo {
  const { restaurant, party } = site;
  const base = origin.replace(/\/$/, '');
  const url = `${base}${words?.path ?? '/diwali-party'}`;
  const title = words?.title ?? `${party.name} tickets | ${restaurant.name}`;
  const description =
    words?.description ??
    `${party.name} on ${party.dateLabel}, ${party.timeLabel}, at ${party.venue.name}. ${party.experience}. ` +
      `Adults $${dollars(party.adultPriceCents)} (${party.adultAges}), children $${dollars(party.childPriceCents)} (${party.childAges}).`;
  return {
    title,
    description,
    canonicalUrl: url,
    meta: pageMeta(site, base, url, title, description, words?.locale),
    jsonLd: [partyEventJsonLd(site, base, words)],
  };
}

/** The pages whose head the server and the pre-render complete, by path. */
export const PAGE_SEO: Readonly<Record<string, (site: SiteConfig, origin: string) => PageSeo>> = {
  '/': landingPageSeo,
  '/diwali-party': partyPageSeo,
};
