import { Link } from '@festival/router';

/**
 * `Find my tickets` below the party page's purchase card: a plain link to `/my-tickets`, so it
 * works in the pre-rendered HTML before any script, and adds nothing the page hydrates
 * differently. Styled by the web kit's card and button only (linked by the pre-rendered page).
 */
export function FindMyTickets() {
  return (
    <section
      className="fk-card"
      aria-labelledby="find-tickets-heading"
      style={{ marginTop: '1.5rem', justifyItems: 'center', textAlign: 'center' }}
    >
      <h2 id="find-tickets-heading" className="fk-card__title">
        Already have tickets?
      </h2>
      <p style={{ margin: 0 }}>We'll e-mail you a link to see them, choose meals and download them.</p>
      <Link className="fk-btn fk-btn--secondary" to="/my-tickets">
        Find my tickets
      </Link>
    </section>
  );
}
