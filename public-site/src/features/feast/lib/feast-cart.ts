import { MAX_PACKS_PER_ORDER, type FeastPack } from '@festival/contracts';
import { feastCartCount, useFeastCartStore, type FeastCartItem } from '../stores/feast-cart-store';

export const FEAST_CART_STORAGE_KEY = 'festival-feast-cart';

const update = (change: (items: FeastCartItem[]) => FeastCartItem[]) =>
  useFeastCartStore.setState((state) => {
    const items = change(state.items);
    return items === state.items ? state : { items };
  });

const withQuantity = (items: FeastCartItem[], id: string, quantity: (current: number) => number) =>
  items.map((item) => (item.id === id ? { ...item, quantity: quantity(item.quantity) } : item));

/** One more of a pack (a pack not yet in the cart starts at 1), up to MAX_PACKS_PER_ORDER in all. */
export function addPack(pack: FeastPack): void {
  update((items) => {
    if (feastCartCount(items) >= MAX_PACKS_PER_ORDER) return items;
    if (items.some((item) => item.id === pack.id)) return withQuantity(items, pack.id, (n) => n + 1);
    return [...items, { id: pack.id, name: pack.name, price: pack.price, quantity: 1 }];
  });
}

export const increasePack = (id: string): void =>
  update((items) => (feastCartCount(items) >= MAX_PACKS_PER_ORDER ? items : withQuantity(items, id, (n) => n + 1)));

/** Never below 1: only `removePack` takes a pack out. */
export const decreasePack = (id: string): void => update((items) => withQuantity(items, id, (n) => Math.max(1, n - 1)));

export const removePack = (id: string): void => update((items) => items.filter((item) => item.id !== id));

export const clearFeastCart = (): void => update(() => []);

/** Takes the catalog's current names and prices; drops packs no longer offered. */
export function syncWithCatalog(packs: FeastPack[]): void {
  update((items) => {
    const byId = new Map(packs.map((pack) => [pack.id, pack]));
    const synced = items.flatMap((item) => {
      const pack = byId.get(item.id);
      return pack ? [{ ...item, name: pack.name, price: pack.price }] : [];
    });
    const same = synced.length === items.length && synced.every((item, i) => item.price === items[i].price && item.name === items[i].name);
    return same ? items : synced;
  });
}

function isCartItem(value: unknown): value is FeastCartItem {
  const item = value as FeastCartItem;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.id === 'string' &&
    typeof item.name === 'string' &&
    Number.isInteger(item.price) &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0
  );
}

let kept = false;

/**
 * Keeps the feast cart on the device while pre-orders are open: the saved cart is read once
 * (after the page hydrated, so the first render matches the pre-rendered empty cart), then every
 * change is written back. Storage that is full, off or unreadable leaves a cart of this page only.
 */
export function keepFeastCartOnDevice(): void {
  if (kept) return;
  kept = true;
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(FEAST_CART_STORAGE_KEY) ?? 'null');
    const items = (saved as { items?: unknown } | null)?.items;
    if (Array.isArray(items) && useFeastCartStore.getState().items.length === 0) {
      useFeastCartStore.setState({ items: items.filter(isCartItem) });
    }
  } catch {
    // An unreadable saved cart is dropped.
  }
  useFeastCartStore.subscribe((state, previous) => {
    if (state.items === previous.items) return;
    try {
      localStorage.setItem(FEAST_CART_STORAGE_KEY, JSON.stringify({ items: state.items }));
    } catch {
      // Storage full or off: the cart lives as long as the page.
    }
  });
}
