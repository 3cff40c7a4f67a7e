import './cart-panel.css';
import { useEffect, useRef } from 'react';
import { Link } from '@festival/router';
import { formatCents } from '@festival/contracts';
import { PriceLines } from '#shared/components/money.tsx';
import { cartPrice, maxQuantity, unavailableItems, useCartStore } from '#shared/stores/cart-store.ts';

export const CART_PANEL_ID = 'drinks-cart-panel';

/** The cart: plus, minus (never below 1), remove, the totals with tax, and the way to checkout. */
export function CartPanel({ onClose }: { onClose: () => void }) {
  const items = useCartStore((s) => s.items);
  const increase = useCartStore((s) => s.increase);
  const decrease = useCartStore((s) => s.decrease);
  const remove = useCartStore((s) => s.remove);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const price = cartPrice(items);
  const blocked = unavailableItems(items).length > 0;

  useEffect(() => {
    titleRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <>
      <button type="button" className="cart-backdrop" aria-label="Close cart" tabIndex={-1} onClick={onClose} />
      <section className="cart-panel" id={CART_PANEL_ID} aria-labelledby="cart-panel-title">
        <h2 className="cart-panel__title" id="cart-panel-title" ref={titleRef} tabIndex={-1}>
          Your Cart
        </h2>
        {items.length === 0 ? (
          <p className="drinks-hint">Your cart is empty. Add a drink from the menu.</p>
        ) : (
          <>
            <ul className="cart-lines">
              {items.map((item) => {
                const short = item.available < item.quantity;
                return (
                  <li key={item.id} className="cart-line">
                    <span>
                      <span className="cart-line__name">{item.name}</span>
                      <br />
                      <span className="cart-line__each">{formatCents(item.price)} each</span>
                    </span>
                    <span className="cart-line__total">{formatCents(item.price * item.quantity)}</span>
                    <div className="cart-line__controls">
                      <button
                        type="button"
                        className="qty-button"
                        aria-label={`Decrease quantity of ${item.name}`}
                        disabled={item.quantity <= 1}
                        onClick={() => decrease(item.id)}
                      >
                        −
                      </button>
                      <output className="qty-value" aria-live="polite" data-testid={`quantity-${item.id}`}>
                        {item.quantity}
                      </output>
                      <button
                        type="button"
                        className="qty-button"
                        aria-label={`Increase quantity of ${item.name}`}
                        disabled={item.quantity >= maxQuantity(item)}
                        onClick={() => increase(item.id)}
                      >
                        +
                      </button>
                      <button type="button" className="remove-button" aria-label={`Remove ${item.name}`} onClick={() => remove(item.id)}>
                        Remove
                      </button>
                    </div>
                    {short ? (
                      <p className="cart-line__warning">
                        {item.available <= 0
                          ? 'Out of Stock: please remove it.'
                          : `Only ${item.available} left: please lower the quantity.`}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <PriceLines price={price} />
          </>
        )}
        <div className="checkout-actions">
          {items.length > 0 ? (
            blocked ? (
              <button type="button" className="fk-btn fk-btn--block" disabled>
                Proceed to Checkout
              </button>
            ) : (
              <Link className="fk-btn fk-btn--block" to="/drinks/checkout">
                Proceed to Checkout
              </Link>
            )
          ) : null}
          <button type="button" className="fk-btn fk-btn--secondary fk-btn--block" onClick={onClose}>
            Keep Browsing
          </button>
        </div>
      </section>
    </>
  );
}
