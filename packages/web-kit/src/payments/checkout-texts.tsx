import '../i18n/po.d';
import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider, LinguiContext } from '@lingui/react';
import { use, type ReactNode } from 'react';
import type { CatalogueLoaders } from '../i18n/languages';
import { messages as english } from '../locales/checkout/en.po';

/**
 * The texts of the web kit's checkout parts (the card form, the pay line, the news box): its
 * `checkout` catalogue (packages/web-kit/src/locales/checkout/), each language a chunk of its own.
 * A page that shows them loads it with the page's own texts, before it shows them:
 * `remoteLanguages(own, CHECKOUT_CATALOGUE)`, or `moreMessages(CHECKOUT_CATALOGUE)` with a later
 * page (the drinks checkout: the menu's script budget has no room for them). Here, with the parts,
 * so that it goes with their code and not with a page that shows none of them.
 */
export const CHECKOUT_CATALOGUE: CatalogueLoaders = {
  en: () => import('../locales/checkout/en.po'),
  hi: () => import('../locales/checkout/hi.po'),
  ta: () => import('../locales/checkout/ta.po'),
};

let fallback: I18n | undefined;

/**
 * The web kit's checkout parts speak the page's language (its LanguageProvider's Lingui, which
 * holds CHECKOUT_CATALOGUE's texts). On a page with no LanguageProvider (the staff's door sale,
 * which is English only) they speak English, from that catalogue's English, which comes with them.
 */
export function CheckoutTexts({ children }: { children: ReactNode }) {
  if (use(LinguiContext)) return children;
  fallback ??= setupI18n({ locale: 'en', messages: { en: english } });
  return <I18nProvider i18n={fallback}>{children}</I18nProvider>;
}
