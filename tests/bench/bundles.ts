/**
 * Bundles: the gzipped JavaScript a shopper downloads for the first load of each shop page
 * (`/`, `/competitions`, a category, `/cart`, `/entries`, a draw's page: entry chunk, the route's lazy chunk and their static imports,
 * from the build's Vite manifest), and what the admin console adds for administrators only.
 * Deterministic for a build, so one measurement is the median; `npm test` holds the same
 * numbers to a ceiling (tests/budgets/bundles.test.ts).
 */
import { SHOPPER_FIRST_LOAD_BUDGET_BYTES, kb, measureBundles } from '../support/bundles';
import type { Benchmark, BenchRow } from './types';

export const bundles: Benchmark = {
  name: 'bundles',
  async run(ctx) {
    const report = measureBundles();
    const largest = report.homeFiles[0];
    if (largest) ctx.log(`largest first-load file: ${largest.file} (${kb(largest.gzip)})`);
    const rows: BenchRow[] = Object.entries(report.pages).map(([path, bytes]) => ({
      benchmark: 'Bundles',
      measured: `first-load JS+CSS of ${path}, gzipped`,
      configuration: 'production build, Vite manifest, gzip -9',
      median: kb(bytes),
      samples: [bytes],
      target: {
        text: `≤ ${kb(SHOPPER_FIRST_LOAD_BUDGET_BYTES)}`,
        met: bytes <= SHOPPER_FIRST_LOAD_BUDGET_BYTES,
      },
    }));
    rows.push({
      benchmark: 'Bundles',
      measured: 'what the whole admin console adds, gzipped (administrators only)',
      configuration: 'AdminArea chunk and every console page, minus the shop first load',
      median: kb(report.adminAdds),
      samples: [report.adminAdds],
    });
    return rows;
  },
};
