import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A tab this phone opened: the token is what lets it order onto the tab and read it. */
export interface SavedTab {
  tabId: string;
  tabToken: string;
  customerName: string;
}

interface TabState {
  /** Created, waiting for the card to be saved (survives a redirect of the card form). */
  pending: SavedTab | null;
  /** The phone's open tab; later orders go onto it without a card. */
  tab: SavedTab | null;
  startPending: (tab: SavedTab) => void;
  /** The card was saved: the pending tab with this id becomes the phone's tab. */
  opened: (tabId: string) => void;
  /** A tab opened at once (on the card kept with a ticket): it becomes the phone's tab. */
  adopt: (tab: SavedTab) => void;
  /** The server says the tab is gone or closed: the phone forgets it. */
  forget: () => void;
}

export const TAB_STORAGE_KEY = 'festival-drinks-tab';

/** The phone's tab, remembered in localStorage and checked against the server when shown. */
export const useTabStore = create<TabState>()(
  persist(
    (set) => ({
      pending: null,
      tab: null,
      startPending: (tab) => set({ pending: tab }),
      opened: (tabId) => set((state) => (state.pending?.tabId === tabId ? { tab: state.pending, pending: null } : state)),
      adopt: (tab) => set({ tab, pending: null }),
      forget: () => set({ tab: null }),
    }),
    { name: TAB_STORAGE_KEY, version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);
