import './feast.css';
import { formatCents, priceFeastOrder, type FeastCatalog } from '@festival/contracts';
import { Link } from '@festival/router';
import { useFeastCartStore } from '../stores/feast-cart-store';
import { decreasePack, increasePack, removePack } from '../lib/feast-cart';

/** The header's cart while pre-orders are open: lines with plus, minus and remove, the totals, Checkout. */
export default function CartPanel({ catalog }: { catalog: FeastCatalog }) {
  const items = useFeastCartStore((s) => s.items);
  const setOpen = useFeastCartStore((s) => s.setOpen);
  if (items.length === 0) {
    return (
      <>
        <p className="lp-cart-title">Your cart is empty</p>
        <p>Add a feast pack to pre-order it for pickup.</p>
      </>
    );
  }
  const price = priceFeastOrder(items, catalog.taxRateBasisPoints);
  return (
    <>
      <p className="lp-cart-title">Your cart</p>
      <ul className="lp-cart-lines">
        {items.map((item) => (
          <li key={item.id}>
            <span className="lp-cart-name">{item.name}</span>
            <span className="lp-cart-qty">
              <button type="button" className="lp-qty-button" aria-label={`One less ${item.name}`} onClick={() => decreasePack(item.id)}>
                −
              </button>
              <span aria-label={`${item.quantity} of ${item.name}`}>{item.quantity}</span>
              <button type="button" className="lp-qty-button" aria-label={`One more ${item.name}`} onClick={() => increasePack(item.id)}>
                +
              </button>
            </span>
            <span>{formatCents(item.price * item.quantity)}</span>
            <button type="button" className="lp-text-button" aria-label={`Remove ${item.name}`} onClick={() => removePack(item.id)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <dl className="lp-cart-totals">
        <dt>Subtotal</dt>
        <dd>{formatCents(price.subtotalCents)}</dd>
        <dt>Tax</dt>
        <dd>{formatCents(price.taxCents)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{formatCents(price.totalCents)}</strong>
        </dd>
      </dl>
      <Link to="/feast-packs/checkout" className="fk-btn fk-btn--gold fk-btn--block" onClick={() => setOpen(false)}>
        Checkout
      </Link>
    </>
  );
}
