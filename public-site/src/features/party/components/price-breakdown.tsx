import { Trans, useLingui } from '@lingui/react/macro';
import { formatCents, type PartyPrice } from '@festival/contracts';

/** A line of another ticket type (docs/ticket-types.md): `VIP Table × 1  $400.00`. */
export interface BreakdownLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
}

interface PriceBreakdownProps {
  price: PartyPrice;
  /** The section's name for screen readers: `Price breakdown` when not given. */
  title?: string;
  /** The other types' lines, after adult and child; their amounts are in the price's subtotal. */
  lines?: readonly BreakdownLine[];
}

/** The price lines of a selection: tickets, discounts, tax and total. */
export function PriceBreakdown({ price, title, lines = [] }: PriceBreakdownProps) {
  const { t } = useLingui();
  const adultTickets = price.adultTickets;
  const childTickets = price.childTickets;
  const groupPercent = price.groupDiscountPercent;
  const promoPercent = price.promoDiscountPercent;
  return (
    <section className="price-breakdown" aria-label={title ?? t`Price breakdown`}>
      <dl className="fk-price-lines">
        {price.adultTickets > 0 ? (
          <div>
            <dt>
              <Trans comment="A price line: adult tickets times how many.">Adult tickets × {adultTickets}</Trans>
            </dt>
            <dd>{formatCents(price.adultTickets * price.adultPriceCents)}</dd>
          </div>
        ) : null}
        {price.childTickets > 0 ? (
          <div>
            <dt>
              <Trans comment="A price line: child tickets times how many.">Child tickets × {childTickets}</Trans>
            </dt>
            <dd>{formatCents(price.childTickets * price.childPriceCents)}</dd>
          </div>
        ) : null}
        {lines.map((line) => (
          <div key={line.name}>
            <dt>
              {line.name} × {line.quantity}
            </dt>
            <dd>{formatCents(line.quantity * line.unitPriceCents)}</dd>
          </div>
        ))}
        <div>
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{formatCents(price.subtotalCents)}</dd>
        </div>
        {price.groupDiscountCents > 0 ? (
          <div className="fk-price-lines__discount">
            <dt>
              <Trans comment="Review: the discount for a large group, with its percent.">Group discount ({groupPercent}%)</Trans>
            </dt>
            <dd>−{formatCents(price.groupDiscountCents)}</dd>
          </div>
        ) : null}
        {price.promoDiscountCents > 0 ? (
          <div className="fk-price-lines__discount">
            <dt>
              <Trans comment="Review: the discount of the promo code, with its percent.">Promo code ({promoPercent}%)</Trans>
            </dt>
            <dd>−{formatCents(price.promoDiscountCents)}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            <Trans comment="Review: the sales tax on the order, with its rate.">Tax (9.38%)</Trans>
          </dt>
          <dd>{formatCents(price.taxCents)}</dd>
        </div>
        <div className="fk-price-lines__total">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-testid="order-total">{formatCents(price.totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
