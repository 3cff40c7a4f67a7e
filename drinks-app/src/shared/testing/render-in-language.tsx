import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { pathInLanguage, type Language } from '@festival/contracts';
import { MemoryRouter } from '@festival/router';
import { messages as menuEn } from '../../locales/menu/en.po';
import { messages as menuHi } from '../../locales/menu/hi.po';
import { messages as menuTa } from '../../locales/menu/ta.po';
import { messages as ordersEn } from '../../locales/orders/en.po';
import { messages as ordersHi } from '../../locales/orders/hi.po';
import { messages as ordersTa } from '../../locales/orders/ta.po';

/** The drinks pages' compiled catalogues (Jest compiles the `.po` files on import). */
const CATALOGUES: Readonly<Record<Language, Messages>> = {
  en: { ...menuEn, ...ordersEn },
  hi: { ...menuHi, ...ordersHi },
  ta: { ...menuTa, ...ordersTa },
};

/** A Lingui instance of one language, as the app's LanguageProvider makes it. */
export function i18nIn(language: Language): I18n {
  return setupI18n({ locale: language, messages: { [language]: CATALOGUES[language] } });
}

export interface InLanguageOptions {
  /** The page's language: English unless told. */
  language?: Language;
  /**
   * The English path of the page the component is on (`/drinks`), put in the language
   * (`/hi/drinks`); null for a component that needs no router.
   */
  path?: string | null;
}

/** A Testing Library wrapper: the component in a language, on a page of that language. */
export function inLanguage({ language = 'en', path = '/drinks' }: InLanguageOptions = {}) {
  const i18n = i18nIn(language);
  return function InLanguage({ children }: { children: ReactNode }) {
    const drawn = <I18nProvider i18n={i18n}>{children}</I18nProvider>;
    return path === null ? drawn : <MemoryRouter initialEntries={[pathInLanguage(path, language)]}>{drawn}</MemoryRouter>;
  };
}

/** Renders a drinks component in a language (English by default), at a path in that language. */
export function renderInLanguage(ui: ReactElement, options: InLanguageOptions = {}): RenderResult {
  return render(ui, { wrapper: inLanguage(options) });
}
