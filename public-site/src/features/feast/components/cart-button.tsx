import './cart-button.css';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useHydrated } from '@festival/web-kit/hydration';
import { BagIcon } from '#shared/components/icons.tsx';
import { useFeastCatalog } from '../api/feast-catalog';
import { feastCartCount, useFeastCartStore } from '../stores/feast-cart-store';

// The open cart (lines, totals, Checkout) loads only while pre-orders are open.
const CartPanel = lazy(() => import('./cart-panel'));

/** The header's cart: its button with the count, and the panel it opens. */
export function CartButton() {
  const hydrated = useHydrated();
  const { data: catalog } = useFeastCatalog();
  const items = useFeastCartStore((s) => s.items);
  const open = useFeastCartStore((s) => s.open);
  const setOpen = useFeastCartStore((s) => s.setOpen);
  const panel = useRef<HTMLDivElement>(null);
  const count = feastCartCount(items);
  const { t } = useLingui();
  const label =
    count > 0
      ? t({
          message: plural(count, { one: 'Cart, # item', other: 'Cart, # items' }),
          comment: "The header's cart button, named for screen readers.",
        })
      : t({ message: 'Cart, empty', comment: "The header's cart button, named for screen readers." });

  // While pre-orders are open the cart is kept on the device (read once the page has hydrated:
  // the pre-rendered page's cart is empty) and to what the catalog offers. Closed, nothing can
  // fill it.
  useEffect(() => {
    if (!hydrated || !catalog?.open) return;
    let current = true;
    void import('../lib/feast-cart').then((cart) => {
      if (!current) return;
      cart.keepFeastCartOnDevice();
      cart.syncWithCatalog(catalog.packs);
    });
    return () => {
      current = false;
    };
  }, [hydrated, catalog]);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, setOpen]);

  return (
    <div className="lp-cart">
      <button
        type="button"
        className="lp-icon-button"
        disabled={!hydrated}
        data-hydrating={hydrated ? undefined : ''}
        aria-label={label}
        aria-expanded={open}
        aria-controls="lp-cart-panel"
        onClick={() => setOpen(!open)}
      >
        <BagIcon />
        {count > 0 ? (
          <span className="lp-badge" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id="lp-cart-panel" className="lp-cart-panel" role="region" aria-label={t`Your cart`} tabIndex={-1} ref={panel}>
          {catalog?.open ? (
            <Suspense
              fallback={
                <p role="status">
                  <Trans>Loading your cart…</Trans>
                </p>
              }
            >
              <CartPanel catalog={catalog} />
            </Suspense>
          ) : (
            <>
              <p className="lp-cart-title">
                <Trans>Your cart is empty</Trans>
              </p>
              <p>
                <Trans>Diwali feast pack pre-orders have closed for this year. Thank you for celebrating with us!</Trans>
              </p>
            </>
          )}
          <button type="button" className="lp-text-button" onClick={() => setOpen(false)}>
            <Trans>Close</Trans>
          </button>
        </div>
      ) : null}
    </div>
  );
}
