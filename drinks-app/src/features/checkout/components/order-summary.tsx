import { Trans } from '@lingui/react/macro';
import type { CartItem, DrinkPrice } from '@festival/contracts';
import { LineItems } from '#shared/components/line-items.tsx';

/** What is being ordered, with subtotal, tax and total. */
export function OrderSummary({ items, price }: { items: CartItem[]; price: DrinkPrice }) {
  return (
    <section className="fk-card" aria-labelledby="summary-title">
      <h2 className="fk-card__title" id="summary-title">
        <Trans>Order Summary</Trans>
      </h2>
      <LineItems items={items} price={price} testIdPrefix="checkout" />
    </section>
  );
}
