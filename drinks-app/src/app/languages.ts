import { LEGAL_LINKS_CATALOGUE, remoteLanguages } from '@festival/web-kit/i18n';

/**
 * The drinks pages' catalogues (src/locales/), each language a chunk of its own, loaded for its
 * language only: the menu's and the shared texts with the remote, the checkout's, the
 * confirmations' and the ticket tab's with those pages (docs/languages.md). The web kit's parts
 * come likewise: its footer links with the menu, its card form and pay line with the checkout's
 * code (CheckoutPage): the menu page's script budget has no room for them.
 */
export const { LanguageProvider, moreMessages, preload } = remoteLanguages(
  {
    en: () => import('../locales/menu/en.po'),
    hi: () => import('../locales/menu/hi.po'),
    ta: () => import('../locales/menu/ta.po'),
  },
  LEGAL_LINKS_CATALOGUE,
);

export const OrderMessages = moreMessages({
  en: () => import('../locales/orders/en.po'),
  hi: () => import('../locales/orders/hi.po'),
  ta: () => import('../locales/orders/ta.po'),
});
