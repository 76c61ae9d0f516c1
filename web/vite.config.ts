import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Opens the connection to Firestore while the page's code downloads: the shop window's first
 * reads then skip the connection's round trips. The
 * origin follows src/lib/firebase.ts: the local emulator for a `demo-` project, else Google's.
 */
function preconnectFirestore(): Plugin {
  let origin = 'https://firestore.googleapis.com';
  return {
    name: 'rafflewin:preconnect-firestore',
    configResolved({ env }) {
      const projectId = (env.VITE_FIREBASE_PROJECT_ID as string | undefined) ?? 'demo-rafflewin';
      const host = (env.VITE_EMULATOR_HOST as string | undefined) ?? '127.0.0.1';
      if (projectId.startsWith('demo-')) origin = `http://${host}:8080`;
    },
    transformIndexHtml: () => [
      // Firestore's requests are CORS without credentials: an anonymous connection.
      {
        tag: 'link',
        attrs: { rel: 'preconnect', href: origin, crossorigin: '' },
        injectTo: 'head',
      },
    ],
  };
}

export default defineConfig({
  plugins: [react(), preconnectFirestore()],
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
    // (src/zodConfig.ts).
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
