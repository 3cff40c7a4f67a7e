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
 * The ticket ages (`Ages 10 and over`, `Ages 5 to 9`, `Under 5 free`) in the page's language. The
 * site sends them in English (`ticketAgeLabels`); their numbers are read from those words, and a
 * label in other words is shown as it came.
 */
export function useAgeLabels(party: Party): { adultAges: string; childAges: string; freeUnder: string } {
  const { t } = useLingui();
  const adultFrom = /^Ages (\d+) and over$/.exec(party.adultAges)?.[1];
  const childRange = /^Ages (\d+) to (\d+)$/.exec(party.childAges);
  const childAge = /^Age (\d+)$/.exec(party.childAges)?.[1];
  const freeBelow = /^Under (\d+) free$/.exec(party.freeUnder)?.[1];
  const from = childRange?.[1];
  const to = childRange?.[2];
  return {
    adultAges:
      adultFrom === undefined
        ? party.adultAges
        : t({ message: `Ages ${adultFrom} and over`, comment: 'Review: the ages an adult ticket is for (adultFrom is an age in years).' }),
    childAges:
      from !== undefined && to !== undefined
        ? t({ message: `Ages ${from} to ${to}`, comment: 'Review: the ages a child ticket is for (from and to are ages in years).' })
        : childAge !== undefined
          ? t({ message: `Age ${childAge}`, comment: 'Review: the one age a child ticket is for (childAge is in years).' })
          : party.childAges,
    freeUnder:
      freeBelow === undefined
        ? party.freeUnder
        : t({
            message: `Under ${freeBelow} free`,
            comment: 'Review: children younger than this age (in years) come in free, with no ticket.',
          }),
  };
}
