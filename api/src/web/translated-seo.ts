import {
  formatCents,
  LANGUAGE_LOCALES,
  LANGUAGES,
  landingPageSeo,
  partyPageSeo,
  pathInLanguage,
  SOURCE_LANGUAGE,
  type PageSeo,
  type SiteConfig,
} from '@festival/contracts';
import { guestLanguage } from '../common/guest-language.js';

/**
 * The heads of the landing and party pages in Hindi and Tamil (docs/seo.md): their titles and
 * descriptions in the page's language, from the API's catalogue; the restaurant's and the
 * party's names, tagline, venue and experience as the manager wrote them, the party's date and
 * hours in the language, the prices in US dollars.
 */
const SEO_MESSAGES = {
  landingTitle: /*i18n*/ {
    id: 'seo.landing.title',
    message: 'Diwali Family Feast Packs & {party} | {restaurant}',
    comment: "The landing page's title in search results and link previews: the party's name, then the restaurant's.",
  },
  landingDescription: /*i18n*/ {
    id: 'seo.landing.description',
    message:
      'Celebrate Diwali with {restaurant}, {tagline} since {since}: {party} on {date}, {time}, at {venue}. {experience}. Catering orders: {phone}.',
    comment:
      "Review: the landing page's description in search results and link previews. tagline and experience are the manager's English words (the tagline in lower case), since the year the restaurant opened, phone its number for catering.",
  },
  partyTitle: /*i18n*/ {
    id: 'seo.party.title',
    message: '{party} tickets | {restaurant}',
    comment: "The party page's title in search results and link previews: the party's name, then the restaurant's.",
  },
  partyDescription: /*i18n*/ {
    id: 'seo.party.description',
    message: '{party} on {date}, {time}, at {venue}. {experience}. Adults {adultPrice}, children {childPrice}.',
    comment:
      "The party page's description in search results and link previews (the English page words it with the ticket ages). experience is the manager's English words; the prices are in US dollars.",
  },
} as const;

type PageSeoOf = (site: SiteConfig, origin: string) => PageSeo;

/**
 * The heads of the landing and party pages at each of their translated addresses (`/hi/`,
 * `/ta/`, `/hi/diwali-party`, `/ta/diwali-party`).
 */
export function translatedPageSeo(): [string, PageSeoOf][] {
  return LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE).flatMap((language): [string, PageSeoOf][] => {
    const words = guestLanguage(language);
    const locale = LANGUAGE_LOCALES[language];
    const valuesOf = ({ restaurant, party }: SiteConfig) => {
      const { dateLabel, timeLabel } = words.eventLabels(party);
      return {
        party: party.name,
        restaurant: restaurant.name,
        tagline: restaurant.tagline.toLowerCase(),
        since: String(restaurant.since),
        phone: restaurant.phone,
        date: dateLabel,
        time: timeLabel,
        venue: party.venue.name,
        experience: party.experience,
        adultPrice: formatCents(party.adultPriceCents),
        childPrice: formatCents(party.childPriceCents),
      };
    };
    const pages = [
      { path: '/', seo: landingPageSeo, title: SEO_MESSAGES.landingTitle, description: SEO_MESSAGES.landingDescription },
      { path: '/diwali-party', seo: partyPageSeo, title: SEO_MESSAGES.partyTitle, description: SEO_MESSAGES.partyDescription },
    ];
    return pages.map(({ path, seo, title, description }): [string, PageSeoOf] => {
      const translatedPath = pathInLanguage(path, language);
      return [
        translatedPath,
        (site, origin) => {
          const values = valuesOf(site);
          return seo(site, origin, {
            path: translatedPath,
            locale,
            title: words.text(title, values),
            description: words.text(description, values),
          });
        },
      ];
    });
  });
}
