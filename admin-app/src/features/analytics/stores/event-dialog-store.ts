import { create } from 'zustand';

interface EventDialogState {
  /** The funnel step whose events the dialog shows (kept while it closes). */
  eventType: string | null;
  open: boolean;
  show(eventType: string): void;
  close(): void;
}

/**
 * Which funnel step's events are shown. Outside the page's own state, so opening the dialog
 * redraws the dialog alone, not the charts and tables behind it.
 */
export const useEventDialogStore = create<EventDialogState>()((set) => ({
  eventType: null,
  open: false,
  show: (eventType) => set({ eventType, open: true }),
  close: () => set({ open: false }),
}));
