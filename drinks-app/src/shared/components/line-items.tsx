import './line-items.css';
import { Trans } from '@lingui/react/macro';
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
        {items.map(({ id, name, price: each, quantity }) => (
          <li key={id}>
            <span>
              <Trans comment="A line of an order: how many of a drink (quantity) times the drink's name.">
                {quantity} × {name}
              </Trans>
            </span>
            <span>{formatCents(each * quantity)}</span>
          </li>
        ))}
      </ul>
      <PriceLines price={price} testIdPrefix={testIdPrefix} />
    </>
  );
}
