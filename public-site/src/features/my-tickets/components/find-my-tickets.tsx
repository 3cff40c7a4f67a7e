import { Trans } from '@lingui/react/macro';
import { Link } from '@festival/router';
import { useLocalizedPath } from '@festival/web-kit/i18n';

/**
 * `Find my tickets` below the party page's purchase card: a plain link to `/my-tickets` in the
 * page's language, so it works in the pre-rendered HTML before any script, and adds nothing the
 * page hydrates differently. Styled by the web kit's card and button only (linked by the
 * pre-rendered page). Its texts are a catalogue of their own (src/locales/find-my-tickets/),
 * loaded with the party page's.
 */
export function FindMyTickets() {
  const localizedPath = useLocalizedPath();
  return (
    <section
      className="fk-card"
      aria-labelledby="find-tickets-heading"
      style={{ marginTop: '1.5rem', justifyItems: 'center', textAlign: 'center' }}
    >
      <h2 id="find-tickets-heading" className="fk-card__title">
        <Trans comment="Heading of the card below the party's purchase, for guests who bought tickets before.">Already have tickets?</Trans>
      </h2>
      <p style={{ margin: 0 }}>
        <Trans>We'll e-mail you a link to see them, choose meals and download them.</Trans>
      </p>
      <Link className="fk-btn fk-btn--secondary" to={localizedPath('/my-tickets')}>
        <Trans comment="Button: opens My tickets, where the guest asks for a sign-in link.">Find my tickets</Trans>
      </Link>
    </section>
  );
}
