import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startFirstScreen } from './app/firstScreen';
import { readSiteSettingsEarly } from './lib/earlySiteSettings';
import { loadFirestoreAfter } from './lib/live';
import { registerServiceWorker } from './lib/serviceWorker';
import { applyStoredTimeZone } from './lib/timeZone';

// Every page waits for the site settings: read once without the SDK (lib/earlySiteSettings.ts).
// The page's own chunk and first reads travel with them (app/firstScreen.ts), started before
// the first render so the page's hooks find them.
const firstScreen = startFirstScreen(window.location.pathname);
// The realtime SDK downloads once those have come, while the first screen renders (lib/live.ts).
loadFirestoreAfter(Promise.allSettled([readSiteSettingsEarly(), firstScreen]));

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

applyStoredTimeZone();
// A transition: React renders the first screen in 5 ms slices that yield to the browser, not in
// one long task that holds up input (docs/performance.md, "The first screen").
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
// After the page has loaded: the app shell's cache and push notifications.
registerServiceWorker();
