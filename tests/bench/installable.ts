/**
 * The installable shop, in the browser tests' Chromium with the shop's service
 * worker: Chrome's installability check (`Page.getInstallabilityErrors`: the manifest, its
 * icons, the worker), a returning visit (scripts fetched from the network rather than the
 * worker's cache) and an offline reload (the offline page). Once per repeat, each in a fresh
 * browser context.
 */
import { chromium, type Browser } from 'playwright-core';
import { URLS } from '../../emulators/config';
import { CHROMIUM_ARGS, chromiumPath, goOffline } from '../support/chromium';
import { median } from './stats';
import type { Benchmark, BenchRow } from './types';

interface Sample {
  installabilityErrors: number;
  networkScripts: number;
  offlinePage: number;
}

async function visit(browser: Browser): Promise<Sample> {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto(URLS.shop);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');

    // A returning visit: every script from the worker's cache, none from the network.
    let networkScripts = 0;
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && !response.fromServiceWorker()) {
        networkScripts += 1;
      }
    });
    // Not 'networkidle': Firestore's listeners keep a request open.
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('navigation').first().waitFor();

    await goOffline(context);
    await page.reload();
    const offline = await page.getByRole('heading', { name: 'You’re Offline' }).count();
    return {
      installabilityErrors: installabilityErrors.length,
      networkScripts,
      offlinePage: offline,
    };
  } finally {
    await context.close();
  }
}

export const installable: Benchmark = {
  name: 'installable',
  async run(ctx) {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const samples: Sample[] = [];
    try {
      for (let i = 0; i < ctx.repeats; i += 1) {
        const sample = await visit(browser);
        ctx.log(`  installable run ${i + 1}: ${JSON.stringify(sample)}`);
        samples.push(sample);
      }
    } finally {
      await browser.close();
    }
    const configuration = 'service worker on, Hosting emulator, headless Chromium';
    const row = (
      measured: string,
      values: number[],
      target: { text: string; met: (m: number) => boolean },
    ): BenchRow => {
      const m = median(values);
      return {
        benchmark: 'Installable shop',
        measured,
        configuration,
        median: String(m),
        samples: values,
        target: { text: target.text, met: target.met(m) },
      };
    };
    return [
      row(
        "Chrome's installability errors on /",
        samples.map((s) => s.installabilityErrors),
        { text: '0 (installable)', met: (m) => m === 0 },
      ),
      row(
        'scripts fetched from the network on a returning visit to /',
        samples.map((s) => s.networkScripts),
        { text: '0', met: (m) => m === 0 },
      ),
      row(
        'an offline reload shows the offline page (1 = yes)',
        samples.map((s) => s.offlinePage),
        { text: '1', met: (m) => m === 1 },
      ),
    ];
  },
};
