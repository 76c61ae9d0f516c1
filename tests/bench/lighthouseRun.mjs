// Runs Lighthouse once on a URL in a fresh headless Chromium and prints its numbers as JSON.
// Plain Node on purpose: tsx's transform adds helpers to the functions Lighthouse sends to the
// browser, which then fail there ("__name is not defined").
// Usage: node lighthouseRun.mjs <url> <chromium path>
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [url, chromePath] = process.argv.slice(2);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const chrome = await launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    },
    {
      extends: 'lighthouse:default',
      settings: {
        // The app keeps Firestore's listen channel open, so the network never goes quiet and
        // Lighthouse would wait its full 45 s on every page; the page has long loaded by 20 s.
        maxWaitForLoad: 20_000,
      },
    },
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const sample = {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
  process.stdout.write(`${JSON.stringify(sample)}\n`);
} finally {
  chrome.kill();
}
