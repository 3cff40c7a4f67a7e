import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a page is rendered ahead of time (the landing and party pages are pre-rendered)
 * and while the browser hydrates that HTML; true once the page is live, and from the start on
 * a page rendered in the browser. Controls whose handlers need the script are disabled until
 * then, so a click that comes before the script is not silently lost; the server and the
 * hydrating browser agree on the value, so there is no hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
