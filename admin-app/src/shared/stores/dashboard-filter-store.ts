import { create } from 'zustand';

/** The dashboard's filter: an event (the one on sale when unset) and days `from`–`to` (`YYYY-MM-DD`). */
export interface DashboardFilterValue {
  eventId?: number;
  from?: string;
  to?: string;
}

interface DashboardFilterState extends DashboardFilterValue {
  setEvent(eventId: number | undefined): void;
  setDates(from: string | undefined, to: string | undefined): void;
}

/**
 * Which event and dates every section of the dashboard shows. Each section's query has the
 * filter in its key, so changing it fetches each once and switching back shows the kept answer.
 */
export const useDashboardFilterStore = create<DashboardFilterState>()((set) => ({
  setEvent: (eventId) => set({ eventId }),
  setDates: (from, to) => set({ from, to }),
}));

/** The filter alone (what the queries are keyed and asked by). */
export function useDashboardFilter(): DashboardFilterValue {
  const eventId = useDashboardFilterStore((state) => state.eventId);
  const from = useDashboardFilterStore((state) => state.from);
  const to = useDashboardFilterStore((state) => state.to);
  return { eventId, from, to };
}
