import { useLingui } from '@lingui/react/macro';

/** Where a guest page's footer and the pay line link (docs/privacy.md, "Policies and consent"). */
export const PRIVACY = '/privacy';
export const TERMS = '/terms';

/**
 * The footer's `Privacy policy` and `Ticket terms` links, on every guest page but the landing
 * page (whose footer writes them out: it loads no Lingui). Its texts are the web kit's
 * `legal-links` catalogue (packages/web-kit/src/locales/legal-links/), which the page's
 * LanguageProvider loads with the page (LEGAL_LINKS_CATALOGUE in `@festival/web-kit/i18n`).
 */
export function LegalLinks({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <nav
      aria-label={t({
        message: 'Policies',
        comment: "Name of the footer's links to the privacy policy and the ticket terms (for screen readers).",
      })}
      className={className ? `legal-links ${className}` : 'legal-links'}
    >
      <a href={PRIVACY}>{t({ message: 'Privacy policy', comment: "The footer's link to the restaurant's privacy policy." })}</a> ·{' '}
      <a href={TERMS}>
        {t({ message: 'Ticket terms', comment: "The footer's link to the terms of the party's tickets and the feast packs." })}
      </a>
    </nav>
  );
}
