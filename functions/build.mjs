// Bundles the functions into lib/index.js. The domain package is bundled in (it is TypeScript
// source in this repo), and so are devDependencies such as otplib (its dependencies ship only as
// ES modules); runtime dependencies stay external so deploys install them normally.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/index.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  outfile: 'lib/index.js',
  sourcemap: true,
  external: Object.keys(pkg.dependencies),
  logLevel: 'warning',
});
