/*
 * Sagacity Bites service worker: keeps the app usable offline.
 * - Fingerprinted assets (/assets/...), icons and the manifest: cache first (they never change).
 * - Pages and their data (.data): network first; the last good copy is kept, so pages already
 *   visited (today's devotional among them) open offline, where the page shows an offline notice.
 * - The JSON API, every non-GET request, the pages that carry a secret or a download (a reset
 *   link's token and email, the export zip) and any answer marked `Cache-Control: no-store` always
 *   go to the network and are never kept.
 * Pages are personal: the cache of pages is cleared whenever the sign-in page is shown.
 * The Bible reader's chapters (with their data requests) are kept like any page, but only the
 * last READER_PAGES_KEPT of them: the chapters read lately open offline, with the reader's notes.
 */
// v2: v1 holds the classic compiler's /build/ files, which no page asks for any more.
const ASSET_CACHE = "sb-assets-v2";
// v2: v1 may hold reset pages and export downloads kept before they were excluded; activate drops it.
const PAGE_CACHE = "sb-pages-v2";
const NEVER_KEPT = ["/reset-password", "/settings/export", "/api/export"];
const READER_PAGES_KEPT = 60;
const PRECACHE = ["/manifest.webmanifest", "/favicon.svg", "/icons/icon-192.png", "/icons/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(ASSET_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("sb-") && name !== ASSET_CACHE && name !== PAGE_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "clear-pages") event.waitUntil(caches.delete(PAGE_CACHE));
});

function isAsset(url) {
  return url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/") || PRECACHE.includes(url.pathname);
}

/** The page's path as Remix matches it: any case, without a trailing slash or the data request's `.data`. */
function routePath(url) {
  return (
    url.pathname
      .toLowerCase()
      .replace(/\.data$/, "")
      .replace(/\/+$/, "") || "/"
  );
}

function isNeverKept(url) {
  const path = routePath(url);
  return path === "/api" || path.startsWith("/api/") || NEVER_KEPT.includes(path);
}

function mayKeep(response) {
  return response.ok && !/no-store/i.test(response.headers.get("cache-control") || "");
}

function isSignInPage(url) {
  const path = url.pathname.toLowerCase();
  return path === "/login" || path === "/register";
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (mayKeep(response)) {
    const cache = await caches.open(ASSET_CACHE);
    cache.put(request, response.clone());
  }
  return response;
}

const offlinePage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline | Sagacity Bites</title>
<style>body{font-family:system-ui,sans-serif;background:#faf8f4;color:#1f1b16;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0;padding:1rem}main{max-width:28rem;text-align:center}a{color:#1a5e63}</style></head>
<body><main><h1>You are offline</h1><p>This page has not been opened on this device before, so there is no saved copy. Pages you have already visited, like Today, still open.</p><p><a href="/">Try the dashboard</a></p></main></body></html>`;

function isReaderPage(url) {
  return /^\/bible\/[1-3a-z]{3}\/\d+$/.test(routePath(url));
}

/** Drops the oldest reader pages past READER_PAGES_KEPT (a cache lists its entries oldest first). */
async function trimReaderPages(cache) {
  const readerKeys = (await cache.keys()).filter((key) => isReaderPage(new URL(key.url)));
  await Promise.all(readerKeys.slice(0, -READER_PAGES_KEPT).map((key) => cache.delete(key)));
}

async function networkFirst(request, url) {
  try {
    const response = await fetch(request);
    if (isSignInPage(url)) {
      await caches.delete(PAGE_CACHE);
    } else if (mayKeep(response) && !response.redirected && response.type === "basic") {
      const cache = await caches.open(PAGE_CACHE);
      // Put again at the end: the entry read last is the last one kept.
      await cache.delete(request);
      await cache.put(request, response.clone());
      if (isReaderPage(url)) await trimReaderPages(cache);
    }
    return response;
  } catch (error) {
    const cache = await caches.open(PAGE_CACHE);
    const cached = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true }));
    if (cached) return cached;
    if (request.mode === "navigate") {
      return new Response(offlinePage, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isNeverKept(url) || url.pathname === "/healthz" || url.pathname === "/service-worker.js") return;
  if (isAsset(url)) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate" || url.pathname.endsWith(".data")) {
    event.respondWith(networkFirst(request, url));
  }
});
