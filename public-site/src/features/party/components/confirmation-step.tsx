import { formatCents, type PartyOrderReceipt, type SiteConfig } from '@festival/contracts';
import { Link } from '@festival/router';
import { DiyaIcon } from '@festival/web-kit/diya-icon';
import { PriceBreakdown } from './price-breakdown';

export function ConfirmationStep({ receipt, site }: { receipt: PartyOrderReceipt; site: SiteConfig }) {
  const { party } = site;
  return (
    <section className="party-card party-card--done" aria-labelledby="done-heading">
      <div className="party-done__diya" aria-hidden="true">
        <DiyaIcon size={56} />
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
      <PriceBreakdown
        price={{ ...receipt, discountedCents: receipt.subtotalCents - receipt.groupDiscountCents - receipt.promoDiscountCents }}
        title="Your order"
      />
      <p className="payment-total">
        Total paid: <strong>{formatCents(receipt.totalCents)}</strong>
      </p>
      <p className="party-hint">
        A confirmation e-mail with your tickets has been sent to {receipt.customerEmail ?? 'your e-mail address'}.
      </p>
      <Link className="fk-btn fk-btn--large" to="/">
        Back to Home
      </Link>
    </section>
  );
}
