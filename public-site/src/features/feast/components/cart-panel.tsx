import './feast.css';
import { formatCents, priceFeastOrder, type FeastCatalog } from '@festival/contracts';
import { Link } from '@festival/router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '@festival/web-kit/i18n';
import { useFeastCartStore } from '../stores/feast-cart-store';
import { decreasePack, increasePack, removePack } from '../lib/feast-cart';

/** The header's cart while pre-orders are open: lines with plus, minus and remove, the totals, Checkout. */
export default function CartPanel({ catalog }: { catalog: FeastCatalog }) {
  const items = useFeastCartStore((s) => s.items);
  const setOpen = useFeastCartStore((s) => s.setOpen);
  const { t } = useLingui();
  const localizedPath = useLocalizedPath();
  if (items.length === 0) {
    return (
      <>
        <p className="lp-cart-title">
          <Trans>Your cart is empty</Trans>
        </p>
        <p>
          <Trans>Add a feast pack to pre-order it for pickup.</Trans>
        </p>
      </>
    );
  }
  const price = priceFeastOrder(items, catalog.taxRateBasisPoints);
  return (
    <>
      <p className="lp-cart-title">
        <Trans>Your cart</Trans>
      </p>
      <ul className="lp-cart-lines">
        {items.map((item) => (
          <li key={item.id}>
            <span className="lp-cart-name">{item.name}</span>
            <span className="lp-cart-qty">
              <button
                type="button"
                className="lp-qty-button"
                aria-label={t({
                  message: `One less ${item.name}`,
                  comment: "A pack's minus button in the cart; name is the pack's name as the manager wrote it.",
                })}
                onClick={() => decreasePack(item.id)}
              >
                −
              </button>
              <span
                aria-label={t({
                  message: `${item.quantity} of ${item.name}`,
                  comment: "How many of a pack are in the cart (quantity, then the pack's name).",
                })}
              >
                {item.quantity}
              </span>
              <button
                type="button"
                className="lp-qty-button"
                aria-label={t({
                  message: `One more ${item.name}`,
                  comment: "A pack's plus button in the cart; name is the pack's name as the manager wrote it.",
                })}
                onClick={() => increasePack(item.id)}
              >
                +
              </button>
            </span>
            <span>{formatCents(item.price * item.quantity)}</span>
            <button
              type="button"
              className="lp-text-button"
              aria-label={t({ message: `Remove ${item.name}`, comment: "Takes a pack out of the cart; name is the pack's name." })}
              onClick={() => removePack(item.id)}
            >
              <Trans>Remove</Trans>
            </button>
          </li>
        ))}
      </ul>
      <dl className="lp-cart-totals">
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd>{formatCents(price.subtotalCents)}</dd>
        <dt>
          <Trans>Tax</Trans>
        </dt>
        <dd>{formatCents(price.taxCents)}</dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>
          <strong>{formatCents(price.totalCents)}</strong>
        </dd>
      </dl>
      <Link to={localizedPath('/feast-packs/checkout')} className="fk-btn fk-btn--gold fk-btn--block" onClick={() => setOpen(false)}>
        <Trans>Checkout</Trans>
      </Link>
    </>
  );
}
