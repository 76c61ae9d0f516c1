/**
 * The shop's service worker, built to `/sw.js` by web/vite.config.ts (which fills in the shell's
 * files and their version):
 * - the app shell (index.html, the first screen's scripts and styles, the offline page and the
 *   icon) is cached on install, so a returning visitor's page starts from the cache at once; the
 *   shop's data still comes live from Firestore;
 * - a visitor with no connection is shown the offline page;
 * - a new build is a new version: it installs beside the old one, takes over, and deletes the
 *   old cache, so the next visit runs the new shell, never a stale one;
 * - a push (a Firebase Cloud Messaging data message) is shown as a notification, and a click
 *   on it opens its page, in an open tab of the shop when there is one.
 */
/// <reference lib="webworker" />
// A module, so `self` below is this worker's scope (the build bundles it as a plain script).
export {};
declare const self: ServiceWorkerGlobalScope;
/** The shell's files, written in by the build. */
declare const SHELL_FILES: string[];
/** Changes whenever any shell file does. */
declare const SHELL_VERSION: string;

const CACHE_PREFIX = 'shell-';
const CACHE = `${CACHE_PREFIX}${SHELL_VERSION}`;
const SHELL = '/index.html';
const OFFLINE = '/offline.html';
const ICON = '/icons/icon-192.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(CACHE_PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

/** The shop's own pages: every path but Firebase's reserved `/__/` and files (a dot in the name). */
function isShopPage(url: URL): boolean {
  const last = url.pathname.split('/').pop() ?? '';
  return !url.pathname.startsWith('/__/') && !last.includes('.');
}

/** A page: the cached shell when online, else the network; the offline page without one. */
async function page(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const shell = await cache.match(SHELL);
  if (shell && self.navigator.onLine) return shell;
  try {
    return await fetch(request);
  } catch {
    return (await cache.match(OFFLINE)) ?? Response.error();
  }
}

/** A built file: from the cache, else the network (hashed files are kept for this version). */
async function file(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && url.pathname.startsWith('/assets/')) {
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (isShopPage(url)) event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || SHELL_FILES.includes(url.pathname)) {
    event.respondWith(file(request, url));
  }
});

interface Push {
  title: string;
  body: string;
  link: string;
  notificationId: string;
}

/**
 * A path of this shop, never another site (`//host` included): the domain's `isShopPath`,
 * written here again because the worker is built alone, without the app's modules.
 */
function safeLink(link: unknown): string {
  return typeof link === 'string' && /^\/(?!\/)/.test(link) ? link : '/account/notifications';
}

/** FCM delivers a data message as `{ data: {...}, from, fcmMessageId }`. */
function readPush(data: PushMessageData | null): Push | null {
  if (!data) return null;
  let payload: unknown;
  try {
    payload = data.json();
  } catch {
    return null;
  }
  const fields = ((payload as { data?: unknown })?.data ?? payload) as Record<string, unknown>;
  if (typeof fields?.title !== 'string' || !fields.title) return null;
  return {
    title: fields.title,
    body: typeof fields.body === 'string' ? fields.body : '',
    link: safeLink(fields.link),
    notificationId: typeof fields.notificationId === 'string' ? fields.notificationId : '',
  };
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  if (!push) return;
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      icon: ICON,
      badge: ICON,
      // One notification on screen per in-app notification, however often it is delivered.
      tag: push.notificationId || undefined,
      data: { link: push.link },
    }),
  );
});

/**
 * Opens a push's page: an open tab of the shop is focused and told to go there (the page moves
 * without reloading, lib/serviceWorker.ts); with none, a new tab opens on it.
 */
async function openLink(link: string): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
  if (!tab) {
    await self.clients.openWindow(link);
    return;
  }
  try {
    await tab.focus();
  } catch {
    // Focus needs the click's user activation; the tab is told to move either way.
  }
  tab.postMessage({ type: 'open-link', link });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { link?: unknown } | null;
  event.waitUntil(openLink(safeLink(data?.link)));
});
