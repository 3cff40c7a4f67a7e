import { formatSaleDate, LANGUAGE_LOCALES } from '@festival/contracts';
import { useLanguage } from './languages';

// Apart from the languages' module: formatSaleDate lives with the settings' schemas, and a page
// that shows no date (the landing page) loads neither them nor zod.
/**
 * Formats an instant (a sale date, the party's start, a hold's end) in `timeZone` and the page's
 * language: in English as `formatSaleDate` always said it, in Hindi and Tamil for `hi-IN` and `ta-IN`.
 */
export function useSaleDate(): (iso: string, timeZone: string) => string {
  const locale = LANGUAGE_LOCALES[useLanguage()];
  return (iso, timeZone) => formatSaleDate(iso, timeZone, locale);
}
