import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { MAX_PACKS_PER_ORDER, type FeastPack } from '@festival/contracts';

export interface FeastCartItem {
  /** The pack's id. */
  id: string;
  name: string;
  /** Integer cents, as the catalog last said (the server prices the order again). */
  price: number;
  quantity: number;
}

interface FeastCartState {
  items: FeastCartItem[];
  open: boolean;
  setOpen: (open: boolean) => void;
  add: (pack: FeastPack) => void;
  increase: (id: string) => void;
  /** Never below 1: only `remove` takes a pack out. */
  decrease: (id: string) => void;
  remove: (id: string) => void;
  clear: () => void;
  /** Takes the catalog's current names and prices; drops packs no longer offered. */
  syncWithCatalog: (packs: FeastPack[]) => void;
}

export const feastCartCount = (items: FeastCartItem[]): number => items.reduce((sum, item) => sum + item.quantity, 0);

export const FEAST_CART_STORAGE_KEY = 'festival-feast-cart';

/**
 * The feast pack cart of the header, saved on the device (localStorage) so a reload or the
 * checkout keeps it. Read from storage only after the page has hydrated (`rehydrate`): the
 * pre-rendered page has an empty cart, and the first render must match it.
 */
export const useFeastCartStore = create<FeastCartState>()(
  persist(
    (set) => ({
      items: [],
      open: false,
      setOpen: (open) => set({ open }),
      add: (pack) =>
        set((state) => {
          if (feastCartCount(state.items) >= MAX_PACKS_PER_ORDER) return state;
          if (state.items.some((item) => item.id === pack.id)) {
            return { items: state.items.map((item) => (item.id === pack.id ? { ...item, quantity: item.quantity + 1 } : item)) };
          }
          return { items: [...state.items, { id: pack.id, name: pack.name, price: pack.price, quantity: 1 }] };
        }),
      increase: (id) =>
        set((state) =>
          feastCartCount(state.items) >= MAX_PACKS_PER_ORDER
            ? state
            : { items: state.items.map((item) => (item.id === id ? { ...item, quantity: item.quantity + 1 } : item)) },
        ),
      decrease: (id) =>
        set((state) => ({
          items: state.items.map((item) => (item.id === id ? { ...item, quantity: Math.max(1, item.quantity - 1) } : item)),
        })),
      remove: (id) => set((state) => ({ items: state.items.filter((item) => item.id !== id) })),
      clear: () => set({ items: [] }),
      syncWithCatalog: (packs) =>
        set((state) => {
          const byId = new Map(packs.map((pack) => [pack.id, pack]));
          const items = state.items.flatMap((item) => {
            const pack = byId.get(item.id);
            return pack ? [{ ...item, name: pack.name, price: pack.price }] : [];
          });
          const same =
            items.length === state.items.length &&
            items.every((item, i) => item.price === state.items[i].price && item.name === state.items[i].name);
          return same ? state : { items };
        }),
    }),
    {
      name: FEAST_CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ items: state.items }),
      skipHydration: true,
    },
  ),
);
