/**
 * The guest pages' languages (docs/languages.md). English is the source and has no URL prefix;
 * Hindi and Tamil pages live below `/hi` and `/ta`. The staff area is English only.
 */
export const LANGUAGES = ['en', 'hi', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SOURCE_LANGUAGE: Language = 'en';

/** Each language by its own name, as the language switch shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी', ta: 'தமிழ்' };

/** Each language by its English name, as the staff area (English only) names an order's language. */
export const LANGUAGE_STAFF_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'Hindi', ta: 'Tamil' };

/** The cookie that remembers a guest's choice of language (no account needed), a year long. */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The URL prefix of a language's pages: none for English. */
export function languagePrefix(language: Language): string {
  return language === SOURCE_LANGUAGE ? '' : `/${language}`;
}

/** The language a path is in, by its prefix (`/hi/drinks` is Hindi, `/drinks` English). */
export function languageOfPath(path: string): Language {
  const first = /^\/([a-z]{2})(?=\/|$)/.exec(path)?.[1];
  return isLanguage(first) && first !== SOURCE_LANGUAGE ? first : SOURCE_LANGUAGE;
}

/** The path without its language prefix: the page's English path (`/hi/` and `/hi` are `/`). */
export function pathWithoutLanguage(path: string): string {
  const language = languageOfPath(path);
  if (language === SOURCE_LANGUAGE) return path;
  return path.slice(languagePrefix(language).length) || '/';
}

/**
 * The same page in another language: `/drinks/checkout` in Hindi is `/hi/drinks/checkout`,
 * and the home page of a language is `/hi/`. A path may carry a query string and a hash.
 */
export function pathInLanguage(path: string, language: Language): string {
  const english = pathWithoutLanguage(path);
  if (language === SOURCE_LANGUAGE) return english;
  return `${languagePrefix(language)}${english}`;
}

/**
 * The language the browser asks for first among ours (its `Accept-Language`, by weight, then
 * order; `ta-IN` is Tamil), or undefined when it names none of them.
 */
export function negotiateLanguage(acceptLanguage: string | undefined): Language | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0 && isLanguage(entry.primary))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.primary as Language | undefined;
}

/** BCP 47 locale `Intl` formats a language's numbers and dates with (Indian grouping for hi and ta). */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', hi: 'hi-IN', ta: 'ta-IN' };

/** The guest's language from a request: the `lang` cookie's choice, else the browser's Accept-Language; undefined when neither names one of ours. */
export function requestLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): Language | undefined {
  const cookie = cookieHeader
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (isLanguage(cookie)) return cookie;
  return negotiateLanguage(acceptLanguage);
}
