import './po.d';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { use, type ReactNode } from 'react';
import { languageOfPath, pathInLanguage, type Language } from '@festival/contracts';
import { useLocation } from '@festival/router';

/** A remote's compiled catalogue of one language, loaded when first needed (a chunk of its own). */
export type CatalogueLoaders = Readonly<Record<Language, () => Promise<{ messages: Messages }>>>;

/**
 * The web kit's footer links' texts (`LegalLinks`: `Privacy policy`, `Ticket terms`), which every
 * guest page but the landing page shows: its LanguageProvider loads them beside its own catalogue,
 * `remoteLanguages(own, LEGAL_LINKS_CATALOGUE)`. The web kit's checkout parts have a catalogue of
 * their own, loaded with the pages that take an order (CHECKOUT_CATALOGUE in
 * `@festival/web-kit/checkout-texts`). Their `.po` imports need Lingui's Vite plugin, which the
 * remotes' builds have (the shell's has not).
 */
export const LEGAL_LINKS_CATALOGUE: CatalogueLoaders = {
  en: () => import('../locales/legal-links/en.po'),
  hi: () => import('../locales/legal-links/hi.po'),
  ta: () => import('../locales/legal-links/ta.po'),
};

/** One language's part of each catalogue, loaded side by side (each its own chunk), as one set of messages. */
const loadAll = (catalogues: readonly CatalogueLoaders[], language: Language): Promise<Messages> =>
  Promise.all(catalogues.map((loaders) => loaders[language]())).then((parts) => Object.assign({}, ...parts.map((part) => part.messages)));

export interface RemoteLanguages {
  /** Draws its children in the language of the page's path, once that catalogue has arrived. */
  LanguageProvider: (props: { children: ReactNode }) => ReactNode;
  /**
   * A later part's catalogues (the checkout's texts, not needed on the menu): draws its children
   * once they have joined the page's, so the first page loads only the texts it shows.
   */
  moreMessages: (...catalogues: CatalogueLoaders[]) => (props: { children: ReactNode }) => ReactNode;
  /** Loads a language's catalogue ahead (the switch does, so the page changes language at once). */
  preload: (language: Language) => Promise<unknown>;
}

/**
 * The languages of one remote (docs/languages.md). The language is the path's (`/hi/drinks` is
 * Hindi); each language has its own Lingui instance, so pages rendered side by side on the
 * server never share one. While a catalogue loads, the page suspends: on a pre-rendered page
 * the server's HTML stays on screen until it has arrived. A page's texts may come from several
 * catalogues, loaded together: its own and the web kit's parts it shows
 * (LEGAL_LINKS_CATALOGUE, CHECKOUT_CATALOGUE).
 */
export function remoteLanguages(...catalogues: CatalogueLoaders[]): RemoteLanguages {
  const ready = new Map<Language, I18n>();
  const loading = new Map<Language, Promise<I18n>>();

  function load(language: Language): Promise<I18n> {
    let promise = loading.get(language);
    if (!promise) {
      promise = loadAll(catalogues, language).then((messages) => {
        const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
        ready.set(language, i18n);
        return i18n;
      });
      loading.set(language, promise);
    }
    return promise;
  }

  function LanguageProvider({ children }: { children: ReactNode }) {
    const language = useLanguage();
    const i18n = ready.get(language) ?? use(load(language));
    return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  }

  function moreMessages(...more: CatalogueLoaders[]) {
    const joined = new Map<Language, Promise<void>>();
    const join = (language: Language, i18n: I18n) => {
      let promise = joined.get(language);
      if (!promise) {
        promise = loadAll(more, language).then((messages) => i18n.load(language, messages));
        joined.set(language, promise);
      }
      return promise;
    };
    return function MoreMessages({ children }: { children: ReactNode }) {
      const language = useLanguage();
      const { i18n } = useLingui();
      use(join(language, i18n));
      return children;
    };
  }

  return { LanguageProvider, moreMessages, preload: load };
}

/** The language of the page: its path's. */
export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/** Turns a site path (`/drinks/checkout`) into the same page in the current page's language. */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return (path) => pathInLanguage(path, language);
}
