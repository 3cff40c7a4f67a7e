import { formatCents, type CartItem, type DrinkPrice } from '@festival/contracts';
import { PriceLines } from '../../../shared/components/money';

/** What is being ordered, with subtotal, tax and total. */
export function OrderSummary({ items, price }: { items: CartItem[]; price: DrinkPrice }) {
  return (
    <section className="drinks-card" aria-labelledby="summary-title">
      <h2 className="drinks-card__title" id="summary-title">
        Order Summary
      </h2>
      <ul className="summary-lines">
        {items.map((item) => (
          <li key={item.id}>
            <span>
              {item.quantity} × {item.name}
            </span>
            <span>{formatCents(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <PriceLines price={price} testIdPrefix="checkout" />
    </section>
  );
}
