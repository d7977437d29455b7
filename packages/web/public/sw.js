/* global self, caches, fetch, URL */
/*
 * Tessera's service worker (docs/product/community.md §2.1; decision 0130).
 * It keeps the app shell (index.html) and the built static files, so a
 * returning visitor's page paints without the network:
 * - pages (navigations): the network first, the cached shell when offline;
 * - /assets/* (content-hashed names) and the favicon: the cache first;
 * - everything else (/api/, /ws, /site/, lexica, uploads): never touched,
 *   so no API answer is ever cached.
 */
const CACHE = 'tessera-shell-v1';
const SHELL = '/';

function isStatic(url) {
  return url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg';
}

/** The shell and every file it names under /assets/. */
async function precache() {
  const cache = await caches.open(CACHE);
  const res = await fetch(SHELL, { cache: 'no-cache' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put(SHELL, res);
  const assets = new Set(['/favicon.svg']);
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(m[1]);
  await Promise.all([...assets].map((a) => cache.add(a).catch(() => undefined)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    // Only a successful HTML answer is a shell worth keeping.
    if (res.ok && (res.headers.get('content-type') || '').startsWith('text/html')) {
      await cache.put(SHELL, res.clone());
    }
    return res;
  } catch (err) {
    const shell = await cache.match(SHELL);
    if (shell) return shell;
    throw err;
  }
}

async function staticFile(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (isStatic(url)) {
    event.respondWith(staticFile(request));
  }
  // Anything else goes to the network untouched (the API above all).
});
