import { useSyncExternalStore } from 'react';

/**
 * Id of the `<script type="application/json">` block a pre-rendered page carries: the data it
 * was rendered with (the shell's `PageData`: its path, the site configuration, its remote).
 */
export const PAGE_DATA_ID = 'festival-page-data';

/** The data block of this page (PAGE_DATA_ID), when it has one rendered for the path it is at. */
export function pageDataOfThisPath<T extends { path: string }>(): T | undefined {
  const block = document.getElementById(PAGE_DATA_ID);
  if (!block) return undefined;
  const data = JSON.parse(block.textContent ?? '{}') as T;
  return data.path === window.location.pathname ? data : undefined;
}

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
