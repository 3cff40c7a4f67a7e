import {
  formatCents,
  LANGUAGE_LOCALES,
  LANGUAGES,
  partyPageSeo,
  pathInLanguage,
  SOURCE_LANGUAGE,
  type PageSeo,
  type SiteConfig,
} from '@festival/contracts';
import { guestLanguage } from '../common/guest-language.js';

/**
 * The head of the party page in Hindi and Tamil (docs/seo.md): its title and description in the
 * page's language, from the API's catalogue; the party's name, venue and experience as the
 * manager wrote them, its date and hours in the language, the prices in US dollars.
 */
const SEO_MESSAGES = {
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

/** The party page's head at each of its translated addresses (`/hi/diwali-party`, `/ta/diwali-party`). */
export function translatedPartyPageSeo(): [string, (site: SiteConfig, origin: string) => PageSeo][] {
  return LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE).map((language) => {
    const path = pathInLanguage('/diwali-party', language);
    const words = guestLanguage(language);
    return [
      path,
      (site, origin) => {
        const { restaurant, party } = site;
        const { dateLabel, timeLabel } = words.eventLabels(party);
        const values = {
          party: party.name,
          restaurant: restaurant.name,
          date: dateLabel,
          time: timeLabel,
          venue: party.venue.name,
          experience: party.experience,
          adultPrice: formatCents(party.adultPriceCents),
          childPrice: formatCents(party.childPriceCents),
        };
        return partyPageSeo(site, origin, {
          path,
          locale: LANGUAGE_LOCALES[language],
          title: words.text(SEO_MESSAGES.partyTitle, values),
          description: words.text(SEO_MESSAGES.partyDescription, values),
        });
      },
    ];
  });
}
