import './menu-page.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Drink } from '@festival/contracts';
import { useHydrated } from '@festival/web-kit/hydration';
import { useDrinksMenu } from '#shared/api/drinks-menu.ts';
import { DrinksPage } from '#shared/components/drinks-page.tsx';
import { selectCount, useCartStore } from '#shared/stores/cart-store.ts';
import { groupDrinks } from '../group-drinks';
import { CART_PANEL_ID, CartPanel } from './cart-panel';
import { DrinkCard } from './drink-card';
import { TabBanner } from './tab-banner';

/** `/drinks`: the menu by category, the cart, and the complimentary drink. */
export function MenuPage() {
  const { t } = useLingui();
  const menu = useDrinksMenu();
  const items = useCartStore((s) => s.items);
  // While the pre-rendered frame hydrates, zustand reads the stores' initial state (an empty
  // cart, as in the HTML); the cart saved on the phone shows right after.
  const count = useCartStore(selectCount);
  // Until the page's script is live the cart cannot open: the button says so by being disabled.
  const hydrated = useHydrated();
  const add = useCartStore((s) => s.add);
  const syncWithMenu = useCartStore((s) => s.syncWithMenu);
  const [cartOpen, setCartOpen] = useState(false);
  const closeCart = useCallback(() => setCartOpen(false), []);

  useEffect(() => {
    if (menu.data) syncWithMenu(menu.data);
  }, [menu.data, syncWithMenu]);

  const categories = useMemo(() => groupDrinks(menu.data ?? []), [menu.data]);
  const inCart = useMemo(() => new Map(items.map((i) => [i.id, i.quantity])), [items]);

  const cartButton = (
    <button
      type="button"
      className="cart-toggle"
      aria-expanded={cartOpen}
      aria-controls={CART_PANEL_ID}
      disabled={!hydrated}
      onClick={() => setCartOpen((open) => !open)}
    >
      <Trans comment="The button that opens the cart; count is the number of drinks in it.">Cart ({count})</Trans>
    </button>
  );

  return (
    <DrinksPage title={t`Drinks Menu`} action={cartButton}>
      <section className="drinks-note" aria-label={t`Your complimentary drink`}>
        <p>
          <Trans comment="Review: the free drink each guest gets with the party ticket; the drinks ordered on this page are paid on top of it.">
            <strong>Your first drink is on us!</strong> One complimentary drink per guest: show your party ticket (the QR code in your
            confirmation e-mail) at the bar to claim it. Drinks ordered here are extra.
          </Trans>
        </p>
        <p>
          <Trans comment="Review: legal drinking age (21 and over, as the law of the venue requires); the bar checks a photo ID.">
            Beer, wine and cocktails are 21+: please have your ID ready at the bar.
          </Trans>
        </p>
      </section>
      <TabBanner />
      {menu.isPending ? (
        <div role="status" aria-label={t`Loading the menu`}>
          <div className="drinks-skeleton" />
          <div className="drinks-skeleton" />
          <div className="drinks-skeleton" />
        </div>
      ) : null}
      {menu.isError && !menu.data ? (
        <div className="fk-alert" role="alert">
          <Trans>
            The menu could not load. Check your connection, then{' '}
            <button type="button" className="fk-btn fk-btn--small fk-btn--secondary" onClick={() => void menu.refetch()}>
              Try Again
            </button>
          </Trans>
        </div>
      ) : null}
      {categories.length > 1 ? (
        <nav className="category-nav" aria-label={t`Drink categories`}>
          {categories.map((c) => (
            <button key={c.slug} type="button" onClick={() => document.getElementById(c.slug)?.scrollIntoView({ behavior: 'smooth' })}>
              {c.name}
            </button>
          ))}
        </nav>
      ) : null}
      {categories.map((category) => {
        const count = category.drinks.length;
        return (
          <section key={category.slug} id={category.slug} className="menu-category" aria-labelledby={`${category.slug}-title`}>
            <div className="menu-category__head">
              <h2 className="menu-category__title" id={`${category.slug}-title`}>
                {category.name}
              </h2>
              <span className="menu-category__count" data-testid={`${category.slug}-count`}>
                <Plural value={count} one="# item" other="# items" />
              </span>
            </div>
            <ul className="menu-list">
              {category.drinks.map((drink: Drink) => (
                <DrinkCard key={drink.id} drink={drink} inCart={inCart.get(drink.id) ?? 0} onAdd={add} />
              ))}
            </ul>
          </section>
        );
      })}
      {cartOpen ? <CartPanel onClose={closeCart} /> : null}
    </DrinksPage>
  );
}
