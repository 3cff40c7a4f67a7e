import './drink-card.css';
import { useId } from 'react';
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
            {inCart > 0 ? <span className="drink-card__in-cart">{inCart} in cart</span> : null}
            {inCart === 0 && !outOfStock && drink.available <= LOW_STOCK ? (
              <span className="drink-card__stock">Only {drink.available} left</span>
            ) : null}
            {atLimit ? <span className="drink-card__stock"> · that's all we have</span> : null}
          </span>
          <button type="button" className="fk-btn fk-btn--small" disabled={outOfStock || atLimit} onClick={() => onAdd(drink)}>
            {outOfStock ? 'Out of Stock' : 'Add to Cart'}
          </button>
        </div>
      </article>
    </li>
  );
}
