import { setupI18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { pathInLanguage, type Language } from '@festival/contracts';
import { MemoryRouter } from '@festival/router/memory';

export interface InLanguageOptions {
  /** The page's language: English unless told. */
  language?: Language;
  /**
   * The English path of the page the component is on, put in the language (`/drinks` is
   * `/hi/drinks` in Hindi); null when the component needs no router or the test draws its own.
   */
  path?: string | null;
}

/**
 * For a remote's component specs: renders a component in a language (English by default),
 * with a Lingui instance of that language's compiled catalogue as the remote's
 * LanguageProvider makes it, at the remote's page (`defaultPath`) in that language.
 */
export function rendererInLanguage(catalogues: Readonly<Record<Language, Messages>>, defaultPath: string | null) {
  return function renderInLanguage(ui: ReactElement, { language = 'en', path = defaultPath }: InLanguageOptions = {}): RenderResult {
    const i18n = setupI18n({ locale: language, messages: { [language]: catalogues[language] } });
    function InLanguage({ children }: { children: ReactNode }) {
      const drawn = <I18nProvider i18n={i18n}>{children}</I18nProvider>;
      return path === null ? drawn : <MemoryRouter initialEntries={[pathInLanguage(path, language)]}>{drawn}</MemoryRouter>;
    }
    return render(ui, { wrapper: InLanguage });
  };
}
