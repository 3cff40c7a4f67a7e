import './line-items.css';
import { formatCents, type Cents, type DrinkPrice } from '@festival/contracts';
import { PriceLines } from './money';

/** One line of an order: a cart item at checkout, or an item of a placed order's receipt. */
export interface LineItem {
  id: string;
  name: string;
  price: Cents;
  quantity: number;
}

/** The items of an order, each with its quantity and amount, then subtotal, tax and total. */
export function LineItems({
  items,
  price,
  testIdPrefix,
}: {
  items: readonly LineItem[];
  price: Omit<DrinkPrice, 'itemCount'>;
  testIdPrefix: string;
}) {
  return (
    <>
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
      <PriceLines price={price} testIdPrefix={testIdPrefix} />
    </>
  );
}
