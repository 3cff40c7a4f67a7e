import { formatCents, type DrinkPrice } from '@festival/contracts';

/** Subtotal, tax (9.38 %) and total, as the cart and the checkout show them. */
export function PriceLines({ price, testIdPrefix = 'cart' }: { price: Omit<DrinkPrice, 'itemCount'>; testIdPrefix?: string }) {
  return (
    <dl className="fk-price-lines">
      <div>
        <dt>Subtotal</dt>
        <dd data-testid={`${testIdPrefix}-subtotal`}>{formatCents(price.subtotalCents)}</dd>
      </div>
      <div>
        <dt>Tax (9.38%)</dt>
        <dd data-testid={`${testIdPrefix}-tax`}>{formatCents(price.taxCents)}</dd>
      </div>
      <div className="fk-price-lines__total">
        <dt>Total</dt>
        <dd data-testid={`${testIdPrefix}-total`}>{formatCents(price.totalCents)}</dd>
      </div>
    </dl>
  );
}
