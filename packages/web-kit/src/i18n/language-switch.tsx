import type { MouseEvent } from 'react';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_LOCALES,
  LANGUAGE_NAMES,
  LANGUAGES,
  pathInLanguage,
  type Language,
} from '@festival/contracts';
import { useLocation, useNavigate } from '@festival/router';
import { useLanguage } from './languages';
import './language-switch.css';

/** Remembers the guest's choice for the next visit (a cookie, not an account: docs/languages.md). */
export function rememberLanguage(language: Language): void {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie's attributes, not text
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/**
 * The guest header's language switch: `English`, `हिन्दी`, `தமிழ்`, each a link to this page in
 * that language (with `?lang=`, which the server remembers in the cookie when the link is
 * followed before the scripts run). Followed in the page, it keeps the page, its state (the
 * drinks cart) and the scroll, and changes language once that catalogue has arrived.
 */
export function LanguageSwitch({ preload, label }: { preload: (language: Language) => Promise<unknown>; label: string }) {
  const current = useLanguage();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const go = (language: Language) => async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    rememberLanguage(language);
    await preload(language).catch(() => undefined);
    void navigate(`${pathInLanguage(pathname, language)}${search}${hash}`, { preventScrollReset: true });
  };
  // A link followed before the page's scripts run names the choice for the server to remember.
  const linkTo = (language: Language) => {
    const query = new URLSearchParams(search);
    query.set('lang', language);
    return `${pathInLanguage(pathname, language)}?${query.toString()}${hash}`;
  };
  return (
    <nav className="fk-language-switch" aria-label={label}>
      {LANGUAGES.map((language) => (
        <a
          key={language}
          href={linkTo(language)}
          hrefLang={LANGUAGE_LOCALES[language]}
          lang={language}
          aria-current={language === current ? 'page' : undefined}
          onClick={language === current ? (event) => event.preventDefault() : go(language)}
        >
          {LANGUAGE_NAMES[language]}
        </a>
      ))}
    </nav>
  );
}
