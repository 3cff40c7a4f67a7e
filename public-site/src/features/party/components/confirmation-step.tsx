import { formatCents, type PartyOrderReceipt, type SiteConfig } from '@festival/contracts';
import { Link } from '@festival/router';
import { PriceBreakdown } from './price-breakdown';

export function ConfirmationStep({ receipt, site }: { receipt: PartyOrderReceipt; site: SiteConfig }) {
  const { party } = site;
  return (
    <section className="party-card party-card--done" aria-labelledby="done-heading">
      <div className="party-done__diya" aria-hidden="true">
        <svg viewBox="0 0 64 64" width="56" height="56">
          <path d="M8 40c0 10 11 16 24 16s24-6 24-16H8z" fill="#b5451b" />
          <path d="M32 6c-6 10-9 16-9 22a9 9 0 0 0 18 0c0-6-3-12-9-22z" fill="#f5a623" />
          <path d="M32 18c-3 5-4 8-4 11a4 4 0 0 0 8 0c0-3-1-6-4-11z" fill="#ffe08a" />
        </svg>
      </div>
      <h2 id="done-heading" className="party-card__title">
        You're All Set!
      </h2>
      <p className="party-done__ref">
        Order reference <strong data-testid="order-reference">{receipt.orderId.slice(0, 8).toUpperCase()}</strong>
      </p>
      <ul className="party-done__event">
        <li>
          <strong>{party.name}</strong>
        </li>
        <li>
          {party.dateLabel}, {party.timeLabel}
        </li>
        <li>
          {party.venue.name}, {party.venue.address}
        </li>
      </ul>
      <PriceBreakdown price={{ ...receipt, discountedCents: receipt.subtotalCents - receipt.groupDiscountCents - receipt.promoDiscountCents }} title="Your order" />
      <p className="payment-total">
        Total paid: <strong>{formatCents(receipt.totalCents)}</strong>
      </p>
      <p className="party-hint">A confirmation e-mail with your tickets has been sent to {receipt.customerEmail}.</p>
      <Link className="party-button" to="/">
        Back to Home
      </Link>
    </section>
  );
}
