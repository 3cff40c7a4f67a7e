import { CHECKOUT_CATALOGUE } from '@festival/web-kit/checkout-texts';
import { LEGAL_LINKS_CATALOGUE, remoteLanguages } from '@festival/web-kit/i18n';

/**
 * The party page's catalogues (src/locales/party/, its `Find my tickets` card's in
 * src/locales/find-my-tickets/, and the web kit's footer links, card form, pay line and news
 * box), each language a chunk of its own, loaded for its language only, and only with the party
 * page: the landing page `/` loads no Lingui code and no catalogue (its script budget has no
 * room), so nothing on its module graph imports this file (docs/languages.md).
 */
export const { LanguageProvider, preload } = remoteLanguages(
  {
    en: () => import('../locales/party/en.po'),
    hi: () => import('../locales/party/hi.po'),
    ta: () => import('../locales/party/ta.po'),
  },
  {
    en: () => import('../locales/find-my-tickets/en.po'),
    hi: () => import('../locales/find-my-tickets/hi.po'),
    ta: () => import('../locales/find-my-tickets/ta.po'),
  },
  LEGAL_LINKS_CATALOGUE,
  CHECKOUT_CATALOGUE,
);
