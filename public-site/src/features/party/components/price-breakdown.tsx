import { formatCents, type PartyPrice } from '@festival/contracts';

/** A line of another ticket type (docs/ticket-types.md): `VIP Table × 1  $400.00`. */
export interface BreakdownLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
}

interface PriceBreakdownProps {
  price: PartyPrice;
  title?: string;
  /** The other types' lines, after adult and child; their amounts are in the price's subtotal. */
  lines?: readonly BreakdownLine[];
}

/** The price lines of a selection: tickets, discounts, tax and total. */
export function PriceBreakdown({ price, title = 'Price breakdown', lines = [] }: PriceBreakdownProps) {
  return (
    <section className="price-breakdown" aria-label={title}>
      <dl className="fk-price-lines">
        {price.adultTickets > 0 ? (
          <div>
            <dt>Adult tickets × {price.adultTickets}</dt>
            <dd>{formatCents(price.adultTickets * price.adultPriceCents)}</dd>
          </div>
        ) : null}
        {price.childTickets > 0 ? (
          <div>
            <dt>Child tickets × {price.childTickets}</dt>
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
          <dt>Subtotal</dt>
          <dd>{formatCents(price.subtotalCents)}</dd>
        </div>
        {price.groupDiscountCents > 0 ? (
          <div className="fk-price-lines__discount">
            <dt>Group discount ({price.groupDiscountPercent}%)</dt>
            <dd>−{formatCents(price.groupDiscountCents)}</dd>
          </div>
        ) : null}
        {price.promoDiscountCents > 0 ? (
          <div className="fk-price-lines__discount">
            <dt>Promo code ({price.promoDiscountPercent}%)</dt>
            <dd>−{formatCents(price.promoDiscountCents)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Tax (9.38%)</dt>
          <dd>{formatCents(price.taxCents)}</dd>
        </div>
        <div className="fk-price-lines__total">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatCents(price.totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
