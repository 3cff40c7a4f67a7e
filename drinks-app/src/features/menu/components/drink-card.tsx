import './drink-card.css';
import { useId } from 'react';
import { Trans } from '@lingui/react/macro';
import { formatCents, type Drink } from '@festival/contracts';
import { maxQuantity } from '#shared/stores/cart-store.ts';

/** Few enough left to tell the guest. */
const LOW_STOCK = 5;

interface DrinkCardProps {
  drink: Drink;
  inCart: number;
  onAdd: (drink: Drink) => void;
}

export function DrinkCard({ drink, inCart, onAdd }: DrinkCardProps) {
  const headingId = useId();
  const outOfStock = drink.available <= 0;
  const atLimit = !outOfStock && inCart >= maxQuantity(drink);
  const available = drink.available;
  return (
    <li>
      <article className={outOfStock ? 'drink-card drink-card--out' : 'drink-card'} aria-labelledby={headingId}>
        <h3 className="drink-card__name" id={headingId}>
          {drink.name}
        </h3>
        <span className="drink-card__price">{formatCents(drink.price)}</span>
        <p className="drink-card__description">{drink.description}</p>
        <div className="drink-card__footer">
          <span>
            {inCart > 0 ? (
              <span className="drink-card__in-cart">
                <Trans comment="How many of this drink the guest has put in the cart.">{inCart} in cart</Trans>
              </span>
            ) : null}
            {inCart === 0 && !outOfStock && drink.available <= LOW_STOCK ? (
              <span className="drink-card__stock">
                <Trans comment="Few of this drink are left in stock.">Only {available} left</Trans>
              </span>
            ) : null}
            {atLimit ? (
              <span className="drink-card__stock">
                {' · '}
                <Trans comment="After how many are in the cart: the guest has all that is left of this drink.">that's all we have</Trans>
              </span>
            ) : null}
          </span>
          <button type="button" className="fk-btn fk-btn--small" disabled={outOfStock || atLimit} onClick={() => onAdd(drink)}>
            {outOfStock ? <Trans>Out of Stock</Trans> : <Trans>Add to Cart</Trans>}
          </button>
        </div>
      </article>
    </li>
  );
}
