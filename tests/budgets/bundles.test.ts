/**
 * Bundle budgets (issue 9): deterministic for a given build, so checked on every `npm test`
 * (tests/run.ts builds the web app first). Noisy budgets (Lighthouse, throughput) live in
 * `npm run bench`.
 */
import {
  PAGE_CHUNKS,
  SHOPPER_FIRST_LOAD_CEILING_BYTES,
  kb,
  measureBundles,
  type BundleReport,
} from '../support/bundles';

let report: BundleReport;

beforeAll(() => {
  report = measureBundles();
});

describe("the shopper's first load", () => {
  it.each(Object.keys(PAGE_CHUNKS))('stays under the ceiling on %s', (path) => {
    const bytes = report.pages[path as keyof BundleReport['pages']];
    const largest = report.homeFiles
      .slice(0, 5)
      .map((f) => `${f.file} ${kb(f.gzip)}`)
      .join(', ');
    if (bytes > SHOPPER_FIRST_LOAD_CEILING_BYTES) {
      throw new Error(
        `${path} loads ${kb(bytes)} gzipped, over the ${kb(SHOPPER_FIRST_LOAD_CEILING_BYTES)} ceiling (largest: ${largest})`,
      );
    }
    expect(bytes).toBeGreaterThan(0);
  });

  it.each(Object.keys(PAGE_CHUNKS))('leaves Firebase Auth to people who sign in on %s', (path) => {
    expect(report.authFile).toMatch(/\.js$/);
    expect([...report.pageFiles[path as keyof BundleReport['pages']]]).not.toContain(
      report.authFile,
    );
  });

  it('never includes the admin console or the account area', () => {
    const adminOnly = [...report.adminFiles].filter((file) => !report.shopperFiles.has(file));
    const accountOnly = [...report.accountFiles].filter((file) => !report.shopperFiles.has(file));
    expect(adminOnly.some((file) => /AdminArea/.test(file))).toBe(true);
    expect(accountOnly.some((file) => /AccountArea/.test(file))).toBe(true);
    expect([...report.shopperFiles].filter((file) => /Admin|Account/.test(file))).toEqual([]);
    expect(report.adminAdds).toBeGreaterThan(0);
  });
});
