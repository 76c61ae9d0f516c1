import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { firstLiteReads, holdFirestoreUntil, loadFirestore, loadFirestoreLite } from './lib/live';
import { applyStoredTimeZone } from './lib/timeZone';

/** The shop window's pages: their first screen comes from Firestore Lite's reads. */
const SHOP_WINDOW = /^\/(competitions(\/[a-z]+)?|charity|free|winners|draws\/[^/]+)?\/?$/;
/** The longest the realtime SDK waits for those reads. */
const HOLD_MS = 3000;

// The first reads' SDK downloads while the first screen renders without it (lib/live.ts); on
// the shop window the realtime SDK follows once they have answered, otherwise at once.
void loadFirestoreLite();
if (SHOP_WINDOW.test(window.location.pathname)) {
  holdFirestoreUntil(
    Promise.race([firstLiteReads, new Promise((resolve) => setTimeout(resolve, HOLD_MS))]),
  );
}
void loadFirestore();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

applyStoredTimeZone();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
