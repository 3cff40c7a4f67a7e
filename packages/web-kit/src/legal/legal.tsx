import type { ChangeEvent } from 'react';

/** Where a guest page's footer and the pay line link (docs/privacy.md, "Policies and consent"). */
const PRIVACY = '/privacy';
const TERMS = '/terms';

/** The footer's `Privacy policy` and `Ticket terms` links, on every guest page. */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Policies" className={className ? `legal-links ${className}` : 'legal-links'}>
      <a href={PRIVACY}>Privacy policy</a> · <a href={TERMS}>Ticket terms</a>
    </nav>
  );
}

/**
 * The line beside every pay button: `By paying you agree to the ticket terms and the privacy
 * policy`. The links open in a new tab so that the checkout stays as it is.
 */
export function PayAgreement({ className }: { className?: string }) {
  return (
    <p className={className ? `pay-agreement ${className}` : 'pay-agreement'}>
      By paying you agree to the{' '}
      <a href={TERMS} target="_blank" rel="noopener">
        ticket terms
      </a>{' '}
      and the{' '}
      <a href={PRIVACY} target="_blank" rel="noopener">
        privacy policy
      </a>
    </p>
  );
}

/**
 * The news box of the party order, feast pack checkout and waitlist forms: unchecked until the
 * guest ticks it, never required; its value goes as `newsConsent`.
 */
export function NewsConsentBox({
  checked,
  onChange,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={className ? `news-consent ${className}` : 'news-consent'}>
      <input
        type="checkbox"
        name="newsConsent"
        checked={checked}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
      />{' '}
      Send me news about the restaurant&apos;s events
    </label>
  );
}
