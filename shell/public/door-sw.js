/*
 * The door page's service worker, registered by /admin/door alone with the scope /admin/door, so
 * no other page of the site is ever served by it. It keeps the files the door page loaded, so a
 * reload without network still opens the page (whose own data lives in IndexedDB):
 * - the page (/admin/door) and the files without a hash in their name (/remotes.json, the
 *   remotes' entries) come from the network first, and from the cache when it fails or stalls;
 * - the hashed build files under /assets/ never change, so the cache answers them first;
 * - /api/ is never touched: the page decides what to do when the API cannot be reached.
 */
const CACHE = 'festival-door-v1';
const NETWORK_WAIT_MS = 3000;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('festival-door-') && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

/** The page hands over the files it loaded before this worker controlled it. */
self.addEventListener('message', (event) => {
  const urls = event.data && event.data.type === 'cache' && Array.isArray(event.data.urls) ? event.data.urls : [];
  const sameOrigin = urls.filter((url) => {
    try {
      const parsed = new URL(url, self.location.origin);
      return parsed.origin === self.location.origin && !parsed.pathname.startsWith('/api/');
    } catch {
      return false;
    }
  });
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all(sameOrigin.map((url) => cache.add(new Request(url, { cache: 'reload' })).catch(() => undefined)))),
  );
});

const immutable = (url) => url.pathname.includes('/assets/') && !/remoteEntry|mf-manifest/.test(url.pathname);

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request, key) {
  const fromCache = () => caches.match(key, { ignoreSearch: true });
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise((_, reject) => setTimeout(() => reject(new Error('network stalled')), NETWORK_WAIT_MS)),
    ]);
    if (response.ok) {
      const copy = response.clone();
      void caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  } catch (error) {
    const cached = await fromCache();
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, url.pathname));
    return;
  }
  event.respondWith(immutable(url) ? cacheFirst(request) : networkFirst(request, request));
});
