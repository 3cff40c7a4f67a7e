import { remoteLanguages } from '@festival/web-kit/i18n';

/**
 * The party page's catalogues (src/locales/party/), each language a chunk of its own, loaded for
 * its language only, and only with the party page: the landing page `/` loads no Lingui code and
 * no catalogue (its script budget has no room), so nothing on its module graph imports this file
 * (docs/languages.md).
 */
export const { LanguageProvider, preload } = remoteLanguages({
  en: () => import('../locales/party/en.po'),
  hi: () => import('../locales/party/hi.po'),
  ta: () => import('../locales/party/ta.po'),
});
