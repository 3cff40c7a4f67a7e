import { create } from 'zustand';

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
}

export const feastCartCount = (items: FeastCartItem[]): number => items.reduce((sum, item) => sum + item.quantity, 0);

/**
 * The feast pack cart of the header. It can only fill while pre-orders are open: what changes
 * it (lib/feast-cart.ts, with its saving on the device) loads only then, keeping the
 * closed page light.
 */
export const useFeastCartStore = create<FeastCartState>()((set) => ({
  items: [],
  open: false,
  setOpen: (open) => set({ open }),
}));
