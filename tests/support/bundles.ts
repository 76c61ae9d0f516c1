/**
 * What the browser downloads, measured from the built app's Vite manifest
 * (web/dist/.vite/manifest.json): a page's first load is the entry chunk, the route's lazy
 * chunk, and every chunk they import statically, each counted once, gzipped at level 9 (what
 * a CDN serves). Deterministic for a given build, so `npm test` can hold it to a budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../../emulators/config';

/**
 * The most a shop page's first load may weigh, gzipped: the target `npm run bench` reports
 * (docs/performance.md) and the budget `npm test` holds every build to.
 */
export const SHOPPER_FIRST_LOAD_BUDGET_BYTES = 200 * 1024;

export const WEB_DIST = join(ROOT, 'web', 'dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Source modules of the lazy chunks each measured page needs besides the entry. */
export const PAGE_CHUNKS = {
  '/': [],
  '/competitions': ['src/app/routes/listings.tsx'],
  '/competitions/cash': ['src/app/routes/listings.tsx'],
  '/cart': ['src/app/routes/cart.tsx'],
  '/entries': ['src/app/routes/entries.tsx'],
  '/draws/{id}': ['src/app/routes/draw.tsx'],
} as const satisfies Record<string, readonly string[]>;

/**
 * Libraries no shop page needs for its first paint, each by the module that loads it and the
 * package found in a built file's source map: Auth only for people who sign in (or have),
 * Firestore right after the first paint's code runs (zod and the document schemas with it),
 * Functions with the first call.
 */
export const LAZY_SDKS = {
  'Firebase Auth': { module: 'src/lib/authInstance.ts', package: '@firebase/auth' },
  'the Firestore SDK': { module: 'src/lib/firestoreApi.ts', package: '@firebase/firestore' },
  'the Functions SDK': { module: 'src/lib/functionsApi.ts', package: '@firebase/functions' },
  zod: { module: 'src/lib/firestoreApi.ts', package: 'zod' },
} as const;

export interface BundleReport {
  /** Gzipped bytes of JavaScript (and CSS) a shopper downloads for each page's first load. */
  pages: Record<keyof typeof PAGE_CHUNKS, number>;
  /**
   * Gzipped bytes the whole admin console (its layout and every screen) adds on top of the home
   * page, for administrators only.
   */
  adminAdds: number;
  /** The files of each measured page's first load. */
  pageFiles: Record<keyof typeof PAGE_CHUNKS, Set<string>>;
  /** The chunk that loads each lazy SDK (its own module). */
  sdkChunks: Record<keyof typeof LAZY_SDKS, string>;
  /** The built files that hold each lazy library (by their source maps). */
  sdkFiles: Record<keyof typeof LAZY_SDKS, Set<string>>;
  /** Files of the home page's first load, for finding what grew. */
  homeFiles: Array<{ file: string; gzip: number }>;
  /** The files of the home page's first load, of the whole account area and admin console. */
  shopperFiles: Set<string>;
  adminFiles: Set<string>;
  accountFiles: Set<string>;
}

function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The files a set of manifest keys loads up front: themselves and their static imports. */
function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

export function gzipSize(dist: string, file: string): number {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/** The manifest key of a source module (a chunk imported from several places has no `src`). */
function keyOf(manifest: Manifest, source: string): string {
  if (manifest[source]) return source;
  const name = source.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const found = Object.entries(manifest).find(
    ([key, chunk]) => key.startsWith(`_${name}-`) && chunk.isDynamicEntry,
  );
  if (!found) throw new Error(`${source} is not in the Vite manifest`);
  return found[0];
}

/** A lazy area: its chunk and every page chunk it loads lazily, as an administrator browses. */
function area(manifest: Manifest, source: string): string[] {
  const key = keyOf(manifest, source);
  return [key, ...(manifest[key]?.dynamicImports ?? [])];
}

/** Whether a built file's source map names a package's own modules. */
function holds(dist: string, file: string, pkg: string): boolean {
  const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] };
  return map.sources.some((source) => source.includes(`node_modules/${pkg}/`));
}

function total(dist: string, files: Iterable<string>): number {
  let bytes = 0;
  for (const file of files) bytes += gzipSize(dist, file);
  return bytes;
}

export function measureBundles(dist = WEB_DIST): BundleReport {
  const manifest = readManifest(dist);
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('The Vite manifest has no entry chunk');
  const page = (chunks: readonly string[]) =>
    closure(manifest, [entry, ...chunks.map((source) => keyOf(manifest, source))]);

  const shopperFiles = page([]);
  const adminFiles = closure(manifest, [
    entry,
    ...area(manifest, 'src/app/routes/admin/AdminArea.tsx'),
  ]);
  const accountFiles = closure(manifest, [
    entry,
    ...area(manifest, 'src/app/routes/account/AccountArea.tsx'),
  ]);
  const pageFiles = Object.fromEntries(
    Object.entries(PAGE_CHUNKS).map(([path, chunks]) => [path, page(chunks)]),
  ) as BundleReport['pageFiles'];
  const pages = Object.fromEntries(
    Object.entries(pageFiles).map(([path, files]) => [path, total(dist, files)]),
  ) as BundleReport['pages'];
  const sdkKeys = Object.entries(LAZY_SDKS).map(
    ([name, { module }]) => [name, keyOf(manifest, module)] as const,
  );
  const builtJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
    file.endsWith('.js'),
  );
  const sdkChunks = Object.fromEntries(
    sdkKeys.map(([name, key]) => [name, manifest[key]?.file ?? '']),
  ) as BundleReport['sdkChunks'];
  const sdkFiles = Object.fromEntries(
    Object.entries(LAZY_SDKS).map(([name, sdk]) => [
      name,
      new Set(builtJs.filter((file) => holds(dist, file, sdk.package))),
    ]),
  ) as BundleReport['sdkFiles'];
  const adminOnly = [...adminFiles].filter((file) => !shopperFiles.has(file));
  return {
    pages,
    pageFiles,
    sdkChunks,
    sdkFiles,
    adminAdds: total(dist, adminOnly),
    homeFiles: [...shopperFiles]
      .map((file) => ({ file, gzip: gzipSize(dist, file) }))
      .sort((a, b) => b.gzip - a.gzip),
    shopperFiles,
    adminFiles,
    accountFiles,
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
