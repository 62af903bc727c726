// Joker service worker: the whole app offline, one version at a time.
// build.py replaces the BUILD block with {"version": <hash of every dist file>, "files": [...]}.
const BUILD = /*BUILD*/{"version": "dev", "files": []}/*END*/;
// Caches are shared by every page of the origin (GitHub Pages: every project of an account), so
// the name holds this build's path: a build under another path never deletes ours, nor we its.
const PREFIX = "joker-" + new URL("./", self.location).pathname + "-";
const CACHE = PREFIX + BUILD.version;
const INDEX = new URL("index.html", self.location).href;

self.addEventListener("install", (event) => {
  // No skipWaiting here: a new version waits until the page asks (never a half-old app).
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(BUILD.files.map((f) => new Request(f, { cache: "no-cache" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const navigate = req.mode === "navigate";
    const hit = await cache.match(req, { ignoreSearch: navigate });
    if (hit) return hit;
    try {
      return await fetch(req);
    } catch (err) {
      const index = navigate && (await cache.match(INDEX));
      if (index) return index;
      throw err;
    }
  })());
});
