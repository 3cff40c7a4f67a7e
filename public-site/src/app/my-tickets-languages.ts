import { LEGAL_LINKS_CATALOGUE, remoteLanguages } from '@festival/web-kit/i18n';

/**
 * My tickets' catalogues (src/locales/my-tickets/ and the web kit's footer links), each language
 * a chunk of its own, loaded for its language only, with the page (docs/languages.md). Nothing
 * on the landing page's module graph imports this file: `/` loads no Lingui code.
 */
export const { LanguageProvider, preload } = remoteLanguages(
  {
    en: () => import('../locales/my-tickets/en.po'),
    hi: () => import('../locales/my-tickets/hi.po'),
    ta: () => import('../locales/my-tickets/ta.po'),
  },
  LEGAL_LINKS_CATALOGUE,
);
