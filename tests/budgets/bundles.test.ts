/**
 * Bundle budgets: deterministic for a given build, so checked on every `npm test`
 * (tests/run.ts builds the web app first). Noisy budgets (Lighthouse, throughput) live in
 * `npm run bench`.
 */
import {
  LAZY_SDKS,
  PAGE_CHUNKS,
  SHOPPER_FIRST_LOAD_BUDGET_BYTES,
  kb,
  measureBundles,
  type BundleReport,
} from '../support/bundles';

let report: BundleReport;

beforeAll(() => {
  report = measureBundles();
});

describe("the shopper's first load", () => {
  it.each(Object.keys(PAGE_CHUNKS))('stays within the budget on %s', (path) => {
    const bytes = report.pages[path as keyof BundleReport['pages']];
    const largest = report.homeFiles
      .slice(0, 5)
      .map((f) => `${f.file} ${kb(f.gzip)}`)
      .join(', ');
    if (bytes > SHOPPER_FIRST_LOAD_BUDGET_BYTES) {
      throw new Error(
        `${path} loads ${kb(bytes)} gzipped, over the ${kb(SHOPPER_FIRST_LOAD_BUDGET_BYTES)} budget (largest: ${largest})`,
      );
    }
    expect(bytes).toBeGreaterThan(0);
  });

  type Path = keyof typeof PAGE_CHUNKS;
  type Sdk = keyof typeof LAZY_SDKS;
  const pagesAndSdks = (Object.keys(PAGE_CHUNKS) as Path[]).flatMap((path) =>
    (Object.keys(LAZY_SDKS) as Sdk[]).map((sdk) => [path, sdk] as const),
  );
  it.each(pagesAndSdks)('leaves out, on %s, %s', (path, sdk) => {
    const files = report.sdkFiles[sdk];
    expect(report.sdkChunks[sdk]).toMatch(/\.js$/);
    expect(files.size).toBeGreaterThan(0);
    const loaded = report.pageFiles[path];
    expect([...files].filter((file) => loaded.has(file))).toEqual([]);
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
