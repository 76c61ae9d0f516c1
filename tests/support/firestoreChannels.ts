/**
 * Ends the realtime channels a test page's Firestore SDK opened, once the page has left the
 * document that opened them or has closed.
 *
 * The SDK ends its channels only when told to (`terminate()`), not when its page closes or
 * navigates away; Firestore times such a channel out, the emulator keeps it for good, queueing
 * every change its listeners' queries match, and once one has 10,000 queued each further change
 * sets off a burst of failed sends. Measured against a standalone emulator: one page left so,
 * then 10,100 writes to the document it had listened to, made 204,299 failed sends (over 600,000
 * log lines); in a full run, 177,285 from its 20th minute to its end, the emulator's heap had
 * grown to 1.4 GB, and browser tests waited 30 s and more for a listener's answer. Ended as the
 * SDK's own `terminate()` ends them (a `TYPE=terminate` request), a channel queues nothing: the
 * shim's listen handler (emulators/firestore-shim) then removes its targets at once, where the
 * emulator's own kept them even so, and removes a left channel's only once it fails.
 */
import type { Page } from 'playwright-core';

const FIRESTORE_CHANNEL = /\/google\.firestore\.v1\.Firestore\/(?:Listen|Write)\/channel$/;

/** Where to end the channel that a request of the Firestore SDK belongs to (null: none). */
function channelEnd(url: string): string | null {
  const request = new URL(url);
  const session = request.searchParams.get('SID');
  if (!session || !FIRESTORE_CHANNEL.test(request.pathname)) return null;
  const end = new URLSearchParams({
    VER: request.searchParams.get('VER') ?? '8',
    database: request.searchParams.get('database') ?? '',
    SID: session,
    RID: '1',
    TYPE: 'terminate',
  });
  return `${request.origin}${request.pathname}?${end.toString()}`;
}

/** Each tracked page's channels: where to end each, and the number of the document that opened it. */
const tracked = new Map<Page, Map<string, number>>();
/** Ends under way. */
const ending = new Set<Promise<void>>();

function end(url: string): void {
  // An already ended channel answers with an error, which changes nothing.
  const request = fetch(url, { method: 'POST' }).then(
    () => undefined,
    () => undefined,
  );
  ending.add(request);
  void request.finally(() => ending.delete(request));
}

function endAll(channels: Map<string, number>, before = Infinity): void {
  for (const [url, document] of channels) {
    if (document >= before) continue;
    end(url);
    channels.delete(url);
  }
}

/** Watches a page's requests for the channels of its Firestore SDK (see above). */
export function trackFirestoreChannels(page: Page): void {
  const channels = new Map<string, number>();
  let document = 0;
  tracked.set(page, channels);
  page.on('request', (request) => {
    // A service worker's own requests have no frame (push.spec runs the shop's worker).
    if (request.serviceWorker()) return;
    if (request.isNavigationRequest()) {
      if (request.frame() === page.mainFrame()) document += 1;
      return;
    }
    const url = channelEnd(request.url());
    if (url && !channels.has(url)) channels.set(url, document);
  });
  // A new document has loaded (a download or a same-document navigation loads none): the
  // documents before it are gone, with their SDK.
  page.on('domcontentloaded', () => endAll(channels, document));
  page.on('close', () => {
    endAll(channels);
    tracked.delete(page);
  });
}

/** Ends every tracked page's channels and waits until each end has been answered. */
export async function endFirestoreChannels(): Promise<void> {
  for (const channels of tracked.values()) endAll(channels);
  await Promise.all(ending);
}
