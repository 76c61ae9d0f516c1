import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { readSiteSettingsEarly } from './lib/earlySiteSettings';
import { loadFirestore } from './lib/live';
import { registerServiceWorker } from './lib/serviceWorker';
import { applyStoredTimeZone } from './lib/timeZone';

// Every page waits for the site settings: read once without the SDK (lib/earlySiteSettings.ts).
void readSiteSettingsEarly();
// The realtime SDK downloads while the first screen renders without it (lib/live.ts).
void loadFirestore();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

applyStoredTimeZone();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// After the page has loaded: the app shell's cache and push notifications.
registerServiceWorker();
