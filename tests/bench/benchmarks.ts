/**
 * Every benchmark `npm run bench` runs, in order. Add a module here to add it to the run (and
 * describe it in performance-notes.md). Lighthouse runs right after the bundle sizes (which
 * only read the build), on a quiet machine and a shop holding only the demo data; the load
 * benchmarks then add their own data.
 */
import { bundles } from './bundles';
import { checkoutBurst } from './checkoutBurst';
import { entryList } from './entryList';
import { fanOut } from './fanOut';
import { fulfilment } from './fulfilment';
import { installable } from './installable';
import { numberPicking } from './numberPicking';
import { lighthouseBench } from './lighthouse';
import type { Benchmark } from './types';

export const BENCHMARKS: Benchmark[] = [
  bundles,
  lighthouseBench,
  installable,
  checkoutBurst,
  numberPicking,
  entryList,
  // Before the fan-out: its 5,000 accounts leave the Functions emulator a queue of trigger runs
  // that a later benchmark's own triggers (the draw commitment) would wait behind.
  fulfilment,
  fanOut,
];
