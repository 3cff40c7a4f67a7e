import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { pathInLanguage, type Language } from '@festival/contracts';
import { MemoryRouter } from '@festival/router';
import { messages as partyEn } from '../../../locales/party/en.po';
import { messages as partyHi } from '../../../locales/party/hi.po';
import { messages as partyTa } from '../../../locales/party/ta.po';

/** The party page's compiled catalogues (Jest compiles the `.po` files on import). */
const CATALOGUES: Readonly<Record<Language, Messages>> = { en: partyEn, hi: partyHi, ta: partyTa };

/** A Lingui instance of one language, as the app's LanguageProvider makes it. */
export function i18nIn(language: Language): I18n {
  return setupI18n({ locale: language, messages: { [language]: CATALOGUES[language] } });
}

export interface InLanguageOptions {
  /** The page's language: English unless told. */
  language?: Language;
  /**
   * The English path of the page the component is on (`/diwali-party`), put in the language
   * (`/hi/diwali-party`); null (the default) when the test draws its own router.
   */
  path?: string | null;
}

/** A Testing Library wrapper: the component in a language, on a page of that language. */
export function inLanguage({ language = 'en', path = null }: InLanguageOptions = {}) {
  const i18n = i18nIn(language);
  return function InLanguage({ children }: { children: ReactNode }) {
    const drawn = <I18nProvider i18n={i18n}>{children}</I18nProvider>;
    return path === null ? drawn : <MemoryRouter initialEntries={[pathInLanguage(path, language)]}>{drawn}</MemoryRouter>;
  };
}

/** Renders a party component in a language (English by default), at a path in that language when given. */
export function renderInLanguage(ui: ReactElement, options: InLanguageOptions = {}): RenderResult {
  return render(ui, { wrapper: inLanguage(options) });
}
