import { create } from 'zustand';

export interface FeastCartItem {
  id: string;
  name: string;
  quantity: number;
}

interface FeastCartState {
  items: FeastCartItem[];
  open: boolean;
  setOpen: (open: boolean) => void;
}

/**
 * The feast pack cart of the header. Pre-orders are closed this year, so it stays empty; the
 * header still shows it (with its count badge above 0) as the spec describes.
 */
export const useFeastCartStore = create<FeastCartState>((set) => ({
  items: [],
  open: false,
  setOpen: (open) => set({ open }),
}));

export const feastCartCount = (items: FeastCartItem[]): number => items.reduce((sum, item) => sum + item.quantity, 0);
