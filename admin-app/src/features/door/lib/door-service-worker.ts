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

/**
 * At sign-out: the door's service worker goes, with every file it kept (`festival-door-*`
 * caches), so the page no longer opens on this phone without the network.
 */
export async function removeDoorServiceWorker(): Promise<void> {
  try {
    if ('serviceWorker' in navigator) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.filter((r) => new URL(r.scope).pathname.startsWith(DOOR_SW_SCOPE)).map((r) => r.unregister()));
    }
    if (typeof caches !== 'undefined') {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('festival-door-')).map((name) => caches.delete(name)));
    }
  } catch {
    // Nothing registered, or storage unavailable: nothing kept.
  }
}
