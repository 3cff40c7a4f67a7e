import { useLingui as useLinguiContext } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { isLanguage, pathInLanguage } from '@festival/contracts';

/** Where a guest page's footer and the pay line link (docs/privacy.md, "Policies and consent"). */
export const PRIVACY = '/privacy';
export const TERMS = '/terms';

/**
 * The policies' addresses in the language of the texts around them (the page's Lingui): `/terms`
 * on an English page, `/hi/terms` on a Hindi one.
 */
export function usePolicyPaths(): { privacy: string; terms: string } {
  const { locale } = useLinguiContext().i18n;
  const language = isLanguage(locale) ? locale : 'en';
  return { privacy: pathInLanguage(PRIVACY, language), terms: pathInLanguage(TERMS, language) };
}

/**
 * The footer's `Privacy policy` and `Ticket terms` links, on every guest page but the landing
 * page (whose footer writes them out: it loads no Lingui). Its texts are the web kit's
 * `legal-links` catalogue (packages/web-kit/src/locales/legal-links/), which the page's
 * LanguageProvider loads with the page (LEGAL_LINKS_CATALOGUE in `@festival/web-kit/i18n`).
 */
export function LegalLinks({ className }: { className?: string }) {
  const { t } = useLingui();
  const paths = usePolicyPaths();
  return (
    <nav
      aria-label={t({
        message: 'Policies',
        comment: "Name of the footer's links to the privacy policy and the ticket terms (for screen readers).",
      })}
      className={className ? `legal-links ${className}` : 'legal-links'}
    >
      <a href={paths.privacy}>{t({ message: 'Privacy policy', comment: "The footer's link to the restaurant's privacy policy." })}</a> ·{' '}
      <a href={paths.terms}>
        {t({ message: 'Ticket terms', comment: "The footer's link to the terms of the party's tickets and the feast packs." })}
      </a>
    </nav>
  );
}
