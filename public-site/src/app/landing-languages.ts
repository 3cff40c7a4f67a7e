import { remoteLanguages } from '@festival/web-kit/i18n';

/**
 * The landing page's catalogue (src/locales/landing/: its header, sections and footer, which
 * the feast checkout's frame shares, with the web kit's footer links), each language a chunk of
 * its own, loaded for its language only (docs/languages.md).
 */
export const { LanguageProvider, preload, moreMessages } = remoteLanguages({
  en: () => import('../locales/landing/en.po'),
  hi: () => import('../locales/landing/hi.po'),
  ta: () => import('../locales/landing/ta.po'),
});
