import { Trans } from '@lingui/react/macro';
import type { ChangeEvent } from 'react';
import { CheckoutTexts } from '../payments/checkout-texts';
import { usePolicyPaths } from './legal-links';

export { LegalLinks } from './legal-links';

/**
 * The line beside every pay button: `By paying you agree to the ticket terms and the privacy
 * policy`. The links open in a new tab so that the checkout stays as it is.
 */
export function PayAgreement({ className }: { className?: string }) {
  return (
    <CheckoutTexts>
      <PayLine className={className} />
    </CheckoutTexts>
  );
}

function PayLine({ className }: { className?: string }) {
  const paths = usePolicyPaths();
  return (
    <p className={className ? `pay-agreement ${className}` : 'pay-agreement'}>
      <Trans comment="Review: legal. Beside every pay button; the two links open the ticket terms and the privacy policy.">
        By paying you agree to the{' '}
        <a href={paths.terms} target="_blank" rel="noopener">
          ticket terms
        </a>{' '}
        and the{' '}
        <a href={paths.privacy} target="_blank" rel="noopener">
          privacy policy
        </a>
      </Trans>
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
    <CheckoutTexts>
      <label className={className ? `news-consent ${className}` : 'news-consent'}>
        <input
          type="checkbox"
          name="newsConsent"
          checked={checked}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        />{' '}
        <Trans comment="Review: consent. The unticked box on the order, pre-order and waitlist forms: ticked, the guest agrees to the restaurant's news e-mails (never required).">
          Send me news about the restaurant&apos;s events
        </Trans>
      </label>
    </CheckoutTexts>
  );
}
