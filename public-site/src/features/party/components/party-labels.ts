import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_LOCALES, type SiteConfig } from '@festival/contracts';
import { useLanguage } from '@festival/web-kit/i18n';

type Party = SiteConfig['party'];

/**
 * The party's date and time lines (`Friday, October 24, 2025`, `7:00 PM to 11:00 PM`): in English
 * the site's own labels, as they always were; in Hindi and Tamil made by `Intl` from the party's
 * start and end, in its zone.
 */
export function useEventLabels(party: Party | undefined): { dateLabel: string; timeLabel: string } {
  const { t } = useLingui();
  const language = useLanguage();
  if (!party) return { dateLabel: '', timeLabel: '' };
  if (language === 'en') return { dateLabel: party.dateLabel, timeLabel: party.timeLabel };
  const locale = LANGUAGE_LOCALES[language];
  const { timeZone } = party;
  const date = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const start = time.format(new Date(party.startsAt));
  const end = time.format(new Date(party.endsAt));
  return {
    dateLabel: date.format(new Date(party.startsAt)),
    timeLabel: t({
      message: `${start} to ${end}`,
      comment: 'When the party starts and ends on its day (start and end are times such as 7:00 PM).',
    }),
  };
}

/**
 * The ticket ages (`Ages 10 and over`, `Ages 5 to 9`, `Under 5 free`) in the page's language,
 * worded from the Tickets settings' child ages the site sends (`childMinAge`, `childMaxAge`); an
 * older configuration without them keeps its English labels.
 */
export function useAgeLabels(party: Party): { adultAges: string; childAges: string; freeUnder: string } {
  const { t } = useLingui();
  const { childMinAge: from, childMaxAge: to } = party;
  if (from === undefined || to === undefined) return { adultAges: party.adultAges, childAges: party.childAges, freeUnder: party.freeUnder };
  const adultFrom = to + 1;
  const childAge = from;
  const freeBelow = from;
  return {
    adultAges: t({
      message: `Ages ${adultFrom} and over`,
      comment: 'Review: the ages an adult ticket is for (adultFrom is an age in years).',
    }),
    childAges:
      from === to
        ? t({ message: `Age ${childAge}`, comment: 'Review: the one age a child ticket is for (childAge is in years).' })
        : t({ message: `Ages ${from} to ${to}`, comment: 'Review: the ages a child ticket is for (from and to are ages in years).' }),
    freeUnder: t({
      message: `Under ${freeBelow} free`,
      comment: 'Review: children younger than this age (in years) come in free, with no ticket.',
    }),
  };
}
