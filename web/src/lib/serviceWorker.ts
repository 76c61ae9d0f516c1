import { isShopPath } from '@rafflewin/domain';

/**
 * The shop's service worker (web/sw/serviceWorker.ts, built to `/sw.js`): registered once the
 * page has loaded, in a built app only (the development server serves no `/sw.js`), so it never
 * competes with the first screen.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The service worker's registration, registering it first where it is not yet. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/**
 * Calls `open` with the page a clicked push notification asks this tab to show (the service
 * worker focuses an open tab of the shop and posts it the link). Returns a cancel function.
 */
export function onPushLink(open: (link: string) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; link?: unknown } | null;
    if (data?.type === 'open-link' && isShopPath(data.link)) open(data.link);
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
