import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
// The domain package's paths file alone (the config loads in plain Node, not through Vite).
import { SITE_SETTINGS_PATH } from '../domain/src/collections/paths';
import { defineConfig, transformWithEsbuild, type Plugin, type Rollup } from 'vite';
import { firebaseTarget, firestoreRestOrigin, restDocumentUrl } from './src/lib/firestoreRest';

/**
 * Opens the connection to Firestore while the page's code downloads, and fetches the site
 * settings over REST meanwhile (src/lib/earlySiteSettings.ts reads that answer): every page
 * waits for them. The origin follows src/lib/firebaseConfig.ts: the local emulator for a `demo-`
 * project, else Google's.
 */
function preconnectFirestore(): Plugin {
  let origin = '';
  let settingsUrl = '';
  return {
    name: 'rafflewin:preconnect-firestore',
    configResolved({ env }) {
      const { projectId, emulatorHost } = firebaseTarget(env);
      origin = firestoreRestOrigin(projectId, emulatorHost);
      settingsUrl = restDocumentUrl(origin, projectId, SITE_SETTINGS_PATH);
    },
    transformIndexHtml: () => [
      // Firestore's requests are CORS without credentials: an anonymous connection.
      {
        tag: 'link',
        attrs: { rel: 'preconnect', href: origin, crossorigin: 'anonymous' },
        injectTo: 'head',
      },
      {
        tag: 'link',
        attrs: { rel: 'preload', as: 'fetch', href: settingsUrl, crossorigin: 'anonymous' },
        injectTo: 'head',
      },
    ],
  };
}

/** The files of the page's first load: the entry script, what it imports at once, and its CSS. */
function firstLoadFiles(bundle: Rollup.OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    chunk.imports.forEach(visit);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
  }
  return [...files].map((file) => `/${file}`);
}

/**
 * Builds the service worker (sw/serviceWorker.ts) to `/sw.js` once the app is written: the
 * shell's files (index.html, the first load's scripts and styles, the offline page, the icon)
 * and a version hashed from their contents, so every build that changes the shell is a new
 * service worker and the old cache goes.
 */
function serviceWorker(): Plugin {
  let files: string[] = [];
  return {
    name: 'rafflewin:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      files = firstLoadFiles(bundle);
    },
    async writeBundle({ dir }) {
      if (!dir) return;
      const shell = ['/index.html', '/offline.html', '/icons/icon-192.png', ...files];
      const hash = createHash('sha256');
      for (const file of shell) hash.update(file).update(await readFile(join(dir, file)));
      const source = await readFile(new URL('./sw/serviceWorker.ts', import.meta.url), 'utf8');
      const version = hash.update(source).digest('hex').slice(0, 16);
      const header =
        `const SHELL_FILES = ${JSON.stringify(shell)};\n` +
        `const SHELL_VERSION = ${JSON.stringify(version)};\n`;
      const { code } = await transformWithEsbuild(header + source, 'sw.ts', {
        format: 'iife',
        target: 'es2022',
        minify: true,
      });
      await writeFile(join(dir, 'sw.js'), code);
    },
  };
}

export default defineConfig({
  plugins: [react(), preconnectFirestore(), serviceWorker()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Firestore bundles RE2JS (147 KB) for client-side evaluation of pipeline regex and LIKE
      // functions, which this app never uses: a stub keeps it out of every shopper's download.
      // Were a pipeline ever to call it, the SDK catches the error and logs a warning.
      {
        find: 're2js',
        replacement: fileURLToPath(new URL('./src/vendor/re2jsStub.ts', import.meta.url)),
      },
      // zod configured for the page's CSP before any schema is built (src/vendor/zod.ts).
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/vendor/zod.ts', import.meta.url)),
      },
    ],
    // domain/ and web/ each have zod installed: one copy in the bundle, configured once
    // (src/vendor/zod.ts, the alias above).
    dedupe: ['zod'],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Read by the bundle budget test and `npm run bench` (tests/support/bundles.ts).
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
});
