/**
 * The service worker the build writes (web/vite.config.ts, `serviceWorker`): it caches the
 * shell that exists in this build, the whole first load of the home page, and names a version
 * that changes with the shell, so a new build replaces the old cache on the next visit.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_DIST as DIST, measureBundles } from '../support/bundles';

const code = readFileSync(join(DIST, 'sw.js'), 'utf8');
const shell = JSON.parse(/\[("\/[^"]+",?)+\]/.exec(code)![0]) as string[];

describe('the service worker', () => {
  it('caches the page, the offline page and files that all exist in this build', () => {
    expect(shell).toEqual(expect.arrayContaining(['/index.html', '/offline.html']));
    for (const file of shell) expect(existsSync(join(DIST, file))).toBe(true);
  });

  it("caches every script of the home page's first load", () => {
    const home = measureBundles().pageFiles['/'];
    const scripts = [...home].filter((file) => file.endsWith('.js')).map((file) => `/${file}`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(shell).toEqual(expect.arrayContaining(scripts));
  });

  it('names a version made from the shell', () => {
    expect(code).toMatch(/"[0-9a-f]{16}"/);
  });
});
