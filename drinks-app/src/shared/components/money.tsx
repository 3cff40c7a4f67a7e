import { Trans } from '@lingui/react/macro';
import { formatCents, type DrinkPrice } from '@festival/contracts';

/** Subtotal, tax (9.38 %) and total, as the cart and the checkout show them. */
export function PriceLines({ price, testIdPrefix = 'cart' }: { price: Omit<DrinkPrice, 'itemCount'>; testIdPrefix?: string }) {
  return (
    <dl className="fk-price-lines">
      <div>
        <dt>
          <Trans comment="Price line: the drinks before tax.">Subtotal</Trans>
        </dt>
        <dd data-testid={`${testIdPrefix}-subtotal`}>{formatCents(price.subtotalCents)}</dd>
      </div>
      <div>
        <dt>
          <Trans comment="Price line: the sales tax on the drinks (a fixed rate of 9.38 percent).">Tax (9.38%)</Trans>
        </dt>
        <dd data-testid={`${testIdPrefix}-tax`}>{formatCents(price.taxCents)}</dd>
      </div>
      <div className="fk-price-lines__total">
        <dt>
          <Trans comment="Price line: subtotal plus tax.">Total</Trans>
        </dt>
        <dd data-testid={`${testIdPrefix}-total`}>{formatCents(price.totalCents)}</dd>
      </div>
    </dl>
  );
}
