import { formatSaleDate, LANGUAGE_LOCALES } from '@festival/contracts';
import { useLanguage } from '@festival/web-kit/i18n';

/**
 * Formats an instant (the party's start, a tab's opening) in the party's zone and the page's
 * language: in English as `formatSaleDate` always said it, in Hindi and Tamil for `hi-IN` and `ta-IN`.
 */
export function useTicketsDate(): (iso: string, timeZone: string) => string {
  const language = useLanguage();
  return (iso, timeZone) => formatSaleDate(iso, timeZone, LANGUAGE_LOCALES[language]);
}
