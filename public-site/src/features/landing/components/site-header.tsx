import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link } from '@festival/router';
import type { SiteConfig } from '@festival/contracts';
import { useHydrated } from '@festival/web-kit/hydration';
import { scrollToSection } from '../lib/scroll-to-section';
import { useFeastCatalog } from '../../feast/api/feast-catalog';
import { feastCartCount, useFeastCartStore } from '../stores/feast-cart-store';
import { Slot } from './placeholder';
import { BagIcon, LogoMark } from './ornaments';

// The open cart (lines, totals, Checkout) loads only while pre-orders are open.
const CartPanel = lazy(() => import('../../feast/components/cart-panel'));

function CartButton() {
  const hydrated = useHydrated();
  const { data: catalog } = useFeastCatalog();
  const items = useFeastCartStore((s) => s.items);
  const open = useFeastCartStore((s) => s.open);
  const setOpen = useFeastCartStore((s) => s.setOpen);
  const panel = useRef<HTMLDivElement>(null);
  const count = feastCartCount(items);
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart, empty';

  // While pre-orders are open the cart is kept on the device (read once the page has hydrated:
  // the pre-rendered page's cart is empty) and to what the catalog offers. Closed, nothing can
  // fill it.
  useEffect(() => {
    if (!hydrated || !catalog?.open) return;
    let current = true;
    void import('../../feast/lib/feast-cart').then((cart) => {
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
        <div id="lp-cart-panel" className="lp-cart-panel" role="region" aria-label="Your cart" tabIndex={-1} ref={panel}>
          {catalog?.open ? (
            <Suspense fallback={<p role="status">Loading your cart…</p>}>
              <CartPanel catalog={catalog} />
            </Suspense>
          ) : (
            <>
              <p className="lp-cart-title">Your cart is empty</p>
              <p>Diwali feast pack pre-orders have closed for this year. Thank you for celebrating with us!</p>
            </>
          )}
          <button type="button" className="lp-text-button" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The page header: the restaurant's mark and name, Order Now, and the cart. */
export function SiteHeader({ site, failed }: { site: SiteConfig | undefined; failed: boolean }) {
  const hydrated = useHydrated();
  return (
    <header className="lp-header">
      <div className="lp-header-inner">
        {/* Named by its text once loaded; until then the placeholders say nothing, so a label does. */}
        <Link className="lp-logo" to="/" aria-label={site ? undefined : 'Home'}>
          <LogoMark className="lp-logo-mark" />
          <span className="lp-logo-text">
            <span className="lp-logo-name">
              <Slot value={site?.restaurant.name} width="9ch" failed={failed} />
            </span>
            <span className="lp-logo-tagline">
              <Slot value={site?.restaurant.tagline} width="12ch" failed={failed} />
            </span>
          </span>
        </Link>
        <div className="lp-header-actions">
          <button
            type="button"
            className="fk-btn fk-btn--gold fk-btn--small"
            disabled={!hydrated}
            data-hydrating={hydrated ? undefined : ''}
            onClick={() => scrollToSection('packs')}
          >
            <span>
              Order<span className="lp-wide-only"> Now</span>
            </span>
          </button>
          <CartButton />
        </div>
      </div>
    </header>
  );
}
