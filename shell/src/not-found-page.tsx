import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import type { createElement as CreateElement } from 'react';
import type { Language } from '@festival/contracts';
import { messages as en } from './locales/en';
import { messages as hi } from './locales/hi';
import { messages as ta } from './locales/ta';

/**
 * The 404 page's words (docs/languages.md). The shell's Vite build compiles no Lingui macro and
 * no `.po` file, so they are message descriptors with an explicit id, as the API's are; their
 * catalogue is `shell/src/locales/{en,hi,ta}.po`, compiled into the modules beside it
 * (`locales.spec.ts` holds them to it).
 */
/* eslint-disable lingui/no-unlocalized-strings -- marked descriptors with explicit ids, which `lingui extract` reads as it reads the API's */
const MESSAGES = {
  title: /*i18n*/ {
    id: 'shell.notFound.title',
    message: '404 Page Not Found',
    comment: "The heading of the page shown for an address the site does not have (404 is the web's number for it).",
  },
  home: /*i18n*/ {
    id: 'shell.notFound.home',
    message: 'Go to the home page',
    comment: "The 404 page's button: it opens the restaurant's home page (in English).",
  },
} as const satisfies Record<string, MessageDescriptor>;
/* eslint-enable lingui/no-unlocalized-strings */

// Two short texts a language: the three catalogues come with the page, which loads only on a 404.
const CATALOGUES: Readonly<Record<Language, Messages>> = { en, hi, ta };
const instances = new Map<Language, I18n>();

/** The page's own Lingui instance of a language (one each, as every remote's LanguageProvider makes them). */
function i18nOf(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: CATALOGUES[language] } });
    instances.set(language, i18n);
  }
  return i18n;
}

/**
 * The 404 page in the language of its path (`/hi/…` is Hindi; `app.tsx` passes it), with its own
 * catalogue and Lingui: a chunk of its own, which the shell loads lazily (React.lazy) only on a
 * 404, so the shell every page loads (`/` among them) carries no Lingui. The chunk imports nothing
 * the shell has: it is given React's `createElement`, so Vite lists no files to preload with it in
 * the shell's first chunk (the list would weigh more on `/` than the page's own code did).
 */
export function notFoundPage(h: typeof CreateElement) {
  return function NotFoundPage({ language }: { language: Language }) {
    const i18n = i18nOf(language);
    return h(
      'main',
      { className: 'shell-message' },
      h('h1', null, i18n._(MESSAGES.title)),
      h('a', { className: 'shell-button', href: '/' }, i18n._(MESSAGES.home)),
    );
  };
}
