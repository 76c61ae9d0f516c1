/**
 * `npm start`, the demo seed and the benchmarks import the functions' services and then
 * initialise a Firebase app of their own: a service module that initialised one as it loaded
 * (through `functions/src/lib/firebase.ts`) made `npm start` fail ("A Firebase app named
 * [DEFAULT] already exists with a different configuration"). Lint forbids that import in
 * services; this checks what actually happens when every one of them loads.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getApps } from 'firebase-admin/app';
import { ROOT } from '../../emulators/config';

const SERVICES = join(ROOT, 'functions', 'src', 'services');

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? modulesUnder(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

jest.setTimeout(60_000);

it('loads every service, and the modules npm start imports, without initialising an app', async () => {
  const modules = [...modulesUnder(SERVICES), join(ROOT, 'emulators', 'seed', 'seed.ts')];
  expect(modules.length).toBeGreaterThan(50);
  for (const file of modules) {
    await import(file);
    expect({ module: relative(ROOT, file), apps: getApps().length }).toEqual({
      module: relative(ROOT, file),
      apps: 0,
    });
  }
});
