import './cart-panel.css';
import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@festival/router';
import { formatCents } from '@festival/contracts';
import { useLocalizedPath } from '@festival/web-kit/i18n';
import { PriceLines } from '#shared/components/money.tsx';
import { cartPrice, maxQuantity, unavailableItems, useCartStore } from '#shared/stores/cart-store.ts';

export const CART_PANEL_ID = 'drinks-cart-panel';

/** The cart: plus, minus (never below 1), remove, the totals with tax, and the way to checkout. */
export function CartPanel({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const localizedPath = useLocalizedPath();
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
      <button type="button" className="cart-backdrop" aria-label={t`Close cart`} tabIndex={-1} onClick={onClose} />
      <section className="cart-panel" id={CART_PANEL_ID} aria-labelledby="cart-panel-title">
        <h2 className="cart-panel__title" id="cart-panel-title" ref={titleRef} tabIndex={-1}>
          <Trans>Your Cart</Trans>
        </h2>
        {items.length === 0 ? (
          <p className="drinks-hint">
            <Trans>Your cart is empty. Add a drink from the menu.</Trans>
          </p>
        ) : (
          <>
            <ul className="cart-lines">
              {items.map((item) => {
                const short = item.available < item.quantity;
                const { name, available } = item;
                const each = formatCents(item.price);
                return (
                  <li key={item.id} className="cart-line">
                    <span>
                      <span className="cart-line__name">{item.name}</span>
                      <br />
                      <span className="cart-line__each">
                        <Trans comment="The price of one of this drink, in US dollars.">{each} each</Trans>
                      </span>
                    </span>
                    <span className="cart-line__total">{formatCents(item.price * item.quantity)}</span>
                    <div className="cart-line__controls">
                      <button
                        type="button"
                        className="qty-button"
                        aria-label={t`Decrease quantity of ${name}`}
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
                        aria-label={t`Increase quantity of ${name}`}
                        disabled={item.quantity >= maxQuantity(item)}
                        onClick={() => increase(item.id)}
                      >
                        +
                      </button>
                      <button
                        type="button"
                        className="remove-button"
                        aria-label={t({ message: `Remove ${name}`, comment: 'Button that takes the drink (name) out of the cart.' })}
                        onClick={() => remove(item.id)}
                      >
                        <Trans comment="Button that takes a drink out of the cart.">Remove</Trans>
                      </button>
                    </div>
                    {short ? (
                      <p className="cart-line__warning">
                        {available <= 0 ? t`Out of Stock: please remove it.` : t`Only ${available} left: please lower the quantity.`}
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
                <Trans>Proceed to Checkout</Trans>
              </button>
            ) : (
              <Link className="fk-btn fk-btn--block" to={localizedPath('/drinks/checkout')}>
                <Trans>Proceed to Checkout</Trans>
              </Link>
            )
          ) : null}
          <button type="button" className="fk-btn fk-btn--secondary fk-btn--block" onClick={onClose}>
            <Trans comment="Button that closes the cart and goes back to the drinks menu.">Keep Browsing</Trans>
          </button>
        </div>
      </section>
    </>
  );
}
