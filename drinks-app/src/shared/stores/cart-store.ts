import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { MAX_DRINK_QUANTITY, priceDrinks, type CartItem, type Drink, type DrinkPrice } from '@festival/contracts';

/** What the guest typed at checkout, kept for their next order. */
export interface GuestDetails {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  tableNumber: string;
}

export const EMPTY_GUEST: GuestDetails = { customerName: '', customerEmail: '', customerPhone: '', tableNumber: '' };

interface CartState {
  items: CartItem[];
  guest: GuestDetails;
  /** Adds one (a drink not yet in the cart starts at 1). */
  add: (drink: Drink) => void;
  increase: (id: string) => void;
  /** Never below 1: only `remove` takes a drink out. */
  decrease: (id: string) => void;
  remove: (id: string) => void;
  clear: () => void;
  /** Takes the menu's current names, prices and stock; drops drinks no longer on it. */
  syncWithMenu: (menu: Drink[]) => void;
  setGuest: (guest: GuestDetails) => void;
}

/** The most of a drink the cart may hold: what is left, and at most the per-order limit. */
export function maxQuantity(drink: Pick<Drink, 'available'>): number {
  return Math.max(0, Math.min(MAX_DRINK_QUANTITY, drink.available));
}

/** One more of a cart line, up to what may be ordered. */
function oneMore(item: CartItem): CartItem {
  return item.quantity < maxQuantity(item) ? { ...item, quantity: item.quantity + 1 } : item;
}

export const CART_STORAGE_KEY = 'festival-drinks-cart';

/** The guest's cart, saved on the phone (localStorage) so a reload or the checkout keeps it. */
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      items: [],
      guest: EMPTY_GUEST,
      add: (drink) =>
        set((state) => {
          if (state.items.some((i) => i.id === drink.id)) return { items: state.items.map((i) => (i.id === drink.id ? oneMore(i) : i)) };
          return maxQuantity(drink) > 0 ? { items: [...state.items, { ...drink, quantity: 1 }] } : state;
        }),
      increase: (id) => set((state) => ({ items: state.items.map((i) => (i.id === id ? oneMore(i) : i)) })),
      decrease: (id) =>
        set((state) => ({ items: state.items.map((i) => (i.id === id ? { ...i, quantity: Math.max(1, i.quantity - 1) } : i)) })),
      remove: (id) => set((state) => ({ items: state.items.filter((i) => i.id !== id) })),
      clear: () => set({ items: [] }),
      syncWithMenu: (menu) =>
        set((state) => {
          const byId = new Map(menu.map((d) => [d.id, d]));
          const items = state.items.flatMap((item) => {
            const drink = byId.get(item.id);
            if (!drink) return [];
            const cap = maxQuantity(drink);
            return [{ ...drink, quantity: cap > 0 ? Math.min(item.quantity, cap) : item.quantity }];
          });
          return { items };
        }),
      setGuest: (guest) => set({ guest }),
    }),
    {
      name: CART_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ items: state.items, guest: state.guest }),
    },
  ),
);

/** Number of drinks in the cart (the header's `Cart (count)`). */
export const selectCount = (state: Pick<CartState, 'items'>): number => state.items.reduce((n, i) => n + i.quantity, 0);

/** Subtotal, tax and total of the cart, priced like the server prices it. */
export function cartPrice(items: CartItem[]): DrinkPrice {
  return priceDrinks(items);
}

/** Lines the menu no longer has enough of (shown in the cart; checkout waits until fixed). */
export function unavailableItems(items: CartItem[]): CartItem[] {
  return items.filter((i) => i.available < i.quantity);
}
