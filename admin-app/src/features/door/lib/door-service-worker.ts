/** The door page's service worker (shell/public/door-sw.js): it serves this page alone. */
export const DOOR_SW_URL = '/door-sw.js';
export const DOOR_SW_SCOPE = '/admin/door';

/**
 * Registers the door's service worker, then hands it every file this page has loaded so far
 * (the shell, the remote, their chunks), so a reload without network finds them all.
 */
export async function registerDoorServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(DOOR_SW_URL, { scope: DOOR_SW_SCOPE });
    const registration = await navigator.serviceWorker.ready;
    const urls = [
      location.pathname,
      '/remotes.json',
      ...performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => url.startsWith(location.origin) && !new URL(url).pathname.startsWith('/api/')),
    ];
    registration.active?.postMessage({ type: 'cache', urls: [...new Set(urls)] });
  } catch {
    // No service worker (private mode, an old browser): the page still works online and offline until reloaded.
  }
}
