import { setupI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Language } from '@festival/contracts';
import { messages as en } from './locales/en.po';
import { messages as hi } from './locales/hi.po';
import { messages as ta } from './locales/ta.po';

const TITLE = msg({
  message: '404 Page Not Found',
  comment: "The heading of the page shown for an address the site does not have (404 is the web's number for it).",
});
const HOME = msg({ message: 'Go to the home page', comment: "The 404 page's button: it opens the restaurant's home page (in English)." });

// Two short texts a language: the three catalogues come with the page, which loads only on a 404.
const CATALOGUES = { en, hi, ta };
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
 * The 404 page in the language of its path (`/hi/…` is Hindi; the shell's app passes it), with its
 * own catalogue (`shell/src/locales/`, docs/languages.md). A chunk of its own that the shell loads
 * only on a 404, so the shell every page loads carries no Lingui.
 */
export default function NotFoundPage({ language }: { language: Language }) {
  const i18n = i18nOf(language);
  return (
    <main className="shell-message">
      <h1>{i18n._(TITLE)}</h1>
      <a className="shell-button" href="/">
        {i18n._(HOME)}
      </a>
    </main>
  );
}
